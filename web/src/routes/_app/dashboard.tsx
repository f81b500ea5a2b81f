import { createFileRoute } from '@tanstack/react-router';
import { DashboardScreen } from '../../features/dashboard/dashboard-screen';
import { useActor } from '../../lib/me';

export const Route = createFileRoute('/_app/dashboard')({
  staticData: { routeName: 'dashboard' },
  component: () => <DashboardScreen actor={useActor()} />,
});
