import { createFileRoute } from '@tanstack/react-router';
import { useVisitFields } from '../../features/custom-fields/visit-fields';
import { MyWorkItemScreen } from '../../features/visits/mywork-item-screen';
import { useActor } from '../../lib/me';

export const Route = createFileRoute('/_app/mywork/$id')({
  staticData: { routeName: 'mywork-item' },
  component: function MyWorkItemRoute() {
    const { id } = Route.useParams();
    // A visit's custom fields (its completion's collections) are the custom-fields area's.
    const fields = useVisitFields();
    return (
      <MyWorkItemScreen
        actor={useActor()}
        id={id}
        fields={fields.render}
        beforeComplete={fields.beforeComplete}
      />
    );
  },
});
