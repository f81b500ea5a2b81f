import { createFileRoute } from '@tanstack/react-router';
import { BankSelection } from '../../features/banking/bank-list';
import { TransactionsScreen } from '../../features/banking/transactions-screen';

export const Route = createFileRoute('/_app/import-transactions/$')({
  staticData: { routeName: 'import-transactions' },
  component: function ImportTransactionsRoute() {
    const { _splat } = Route.useParams();
    return _splat === 'banks' ? <BankSelection /> : <TransactionsScreen />;
  },
});
