import { createFileRoute } from '@tanstack/react-router';
import { QuickstartScreen } from '../../features/quickstart/quickstart-screen';
import { useMe } from '../../lib/me';

export const Route = createFileRoute('/_app/quickstart')({
  staticData: { routeName: 'quickstart' },
  component: () => <QuickstartScreen me={useMe()} />,
});
