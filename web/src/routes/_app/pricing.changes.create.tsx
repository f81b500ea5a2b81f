import { createFileRoute } from '@tanstack/react-router';
import { ChangeEditor } from '../../features/pricing/change-form';

export const Route = createFileRoute('/_app/pricing/changes/create')({
  staticData: { routeName: 'pricing' },
  component: function CreateChangeRoute() {
    return <ChangeEditor />;
  },
});
