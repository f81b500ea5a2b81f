import { createFileRoute } from '@tanstack/react-router';
import { OverdueScreen } from '../../features/schedule/overdue-screen';

export const Route = createFileRoute('/_app/overdue')({
  staticData: { routeName: 'overdue' },
  component: () => <OverdueScreen />,
});
