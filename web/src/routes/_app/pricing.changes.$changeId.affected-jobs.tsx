import { createFileRoute } from '@tanstack/react-router';
import { AffectedJobsScreen } from '../../features/pricing/affected-jobs-screen';

export const Route = createFileRoute('/_app/pricing/changes/$changeId/affected-jobs')({
  staticData: { routeName: 'pricing' },
  component: function AffectedJobsRoute() {
    return <AffectedJobsScreen changeId={Route.useParams().changeId} />;
  },
});
