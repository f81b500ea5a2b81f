import { createFileRoute } from '@tanstack/react-router';
import { EditTemplateScreen } from '../../features/templates/edit-template-screen';
import { useActor } from '../../lib/me';

/** `/send/templates/{id}/edit`: the edit wizard ('Template not found' for an unknown id). */
export const Route = createFileRoute('/_app/send/templates/$id/edit')({
  staticData: { routeName: 'send' },
  component: function EditTemplateRoute() {
    const { id } = Route.useParams();
    return <EditTemplateScreen actor={useActor()} id={id} />;
  },
});
