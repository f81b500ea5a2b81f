import { createFileRoute } from '@tanstack/react-router';
import { OwingScreen } from '../../features/payments/owing-screen';

export const Route = createFileRoute('/_app/owing')({
  staticData: { routeName: 'owing' },
  component: () => <OwingScreen />,
});
