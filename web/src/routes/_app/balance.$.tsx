import { createFileRoute } from '@tanstack/react-router';
import { BalanceScreen } from '../../features/balance/balance-screen';
import { VatPages } from '../../features/vat/vat-pages';

export const Route = createFileRoute('/_app/balance/$')({
  staticData: { routeName: 'balance' },
  component: function BalanceRoute() {
    return <BalanceScreen path={Route.useParams()._splat ?? ''} vat={(view) => <VatPages view={view} />} />;
  },
});
