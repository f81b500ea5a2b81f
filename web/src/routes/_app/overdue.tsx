import { createFileRoute } from '@tanstack/react-router';
import { OverdueScreen } from '../../features/visits/overdue-screen';

export const Route = createFileRoute('/_app/overdue')({
  staticData: { routeName: 'overdue' },
  component: () => <OverdueScreen />,
});
