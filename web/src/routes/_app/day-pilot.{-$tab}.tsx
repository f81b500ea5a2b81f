import { createFileRoute, redirect } from '@tanstack/react-router';
import { useVisitChips } from '../../features/custom-fields/visit-chips';
import { DayPilotScreen, type DayPilotTab } from '../../features/visits/day-pilot-screen';
import { useActor } from '../../lib/me';

export const Route = createFileRoute('/_app/day-pilot/{-$tab}')({
  staticData: { routeName: 'day-pilot' },
  // The first tab has a URL of its own, so the tab bar shows it as current.
  beforeLoad: ({ params }) => {
    if (!params.tab) throw redirect({ to: '/day-pilot/{-$tab}', params: { tab: 'not-done' }, replace: true });
  },
  component: function DayPilotRoute() {
    const { tab } = Route.useParams();
    return <DayPilotScreen actor={useActor()} tab={tab as DayPilotTab | undefined} chip={useVisitChips()} />;
  },
});
