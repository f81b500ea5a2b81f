import { createFileRoute } from '@tanstack/react-router';
import { ChangeEditor } from '../../features/pricing/change-form';

export const Route = createFileRoute('/_app/pricing/changes/$changeId/edit')({
  staticData: { routeName: 'pricing' },
  component: function EditChangeRoute() {
    return <ChangeEditor changeId={Route.useParams().changeId} />;
  },
});
