import { createFileRoute } from '@tanstack/react-router';
import { MyWorkItemScreen } from '../../features/visits/mywork-item-screen';
import { useActor } from '../../lib/me';

export const Route = createFileRoute('/_app/mywork/$id')({
  staticData: { routeName: 'mywork-item' },
  component: function MyWorkItemRoute() {
    const { id } = Route.useParams();
    return <MyWorkItemScreen actor={useActor()} id={id} />;
  },
});
