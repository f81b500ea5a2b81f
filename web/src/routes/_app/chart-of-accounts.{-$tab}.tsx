import { createFileRoute } from '@tanstack/react-router';
import { ChartOfAccounts } from '../../features/balance/chart-of-accounts';
import { useActor } from '../../lib/me';

export const Route = createFileRoute('/_app/chart-of-accounts/{-$tab}')({
  staticData: { routeName: 'chart-of-accounts' },
  component: function ChartOfAccountsRoute() {
    return <ChartOfAccounts actor={useActor()} tab={Route.useParams().tab} />;
  },
});
