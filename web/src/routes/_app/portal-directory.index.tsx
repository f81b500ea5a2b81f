import { createFileRoute } from '@tanstack/react-router';
import { PortalOverview } from '../../features/portal/analytics/overview';
import { useActor } from '../../lib/me';

/**
 * `/portal-directory`: the overview tab (spec 002 section 2.5): the analytics at Ultimate and
 * above, the starter overview with the analytics teaser below it.
 */
export const Route = createFileRoute('/_app/portal-directory/')({
  staticData: { routeName: 'portal-directory' },
  component: function PortalOverviewRoute() {
    return <PortalOverview actor={useActor()} />;
  },
});
