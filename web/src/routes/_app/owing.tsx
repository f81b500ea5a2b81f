import { createFileRoute } from '@tanstack/react-router';
import { OwingScreen } from '../../features/payments/owing-screen';
import { useActor } from '../../lib/me';

export const Route = createFileRoute('/_app/owing')({
  staticData: { routeName: 'owing' },
  component: () => <OwingScreen actor={useActor()} />,
});
