import { createFileRoute } from '@tanstack/react-router';
import { InsightsScreen } from '../../features/insights/insights-screen';
import { useActor } from '../../lib/me';

export const Route = createFileRoute('/_app/insights/{-$tab}')({
  staticData: { routeName: 'insights' },
  component: function InsightsRoute() {
    const { tab } = Route.useParams();
    return <InsightsScreen key={tab ?? 'reports'} actor={useActor()} tab={tab} />;
  },
});
