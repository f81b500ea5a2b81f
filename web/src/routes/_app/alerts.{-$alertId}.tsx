import { createFileRoute } from '@tanstack/react-router';
import { AlertsScreen } from '../../features/alerts/alerts-screen';
import { useActor } from '../../lib/me';

export const Route = createFileRoute('/_app/alerts/{-$alertId}')({
  staticData: { routeName: 'alerts' },
  component: function AlertsRoute() {
    const { alertId } = Route.useParams();
    return <AlertsScreen actor={useActor()} alertId={alertId} />;
  },
});
