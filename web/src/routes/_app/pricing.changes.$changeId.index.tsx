import { createFileRoute } from '@tanstack/react-router';
import { ChangeDetail } from '../../features/pricing/change-detail';

export const Route = createFileRoute('/_app/pricing/changes/$changeId/')({
  staticData: { routeName: 'pricing' },
  component: function ChangeDetailRoute() {
    return <ChangeDetail changeId={Route.useParams().changeId} />;
  },
});
