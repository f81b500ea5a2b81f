import { createFileRoute } from '@tanstack/react-router';
import { ExpensesScreen } from '../../features/expenses/expenses-screen';

export const Route = createFileRoute('/_app/expenses')({
  staticData: { routeName: 'expenses' },
  validateSearch: (search: Record<string, unknown>): { supplierId?: string; month?: string } => ({
    ...(typeof search.supplierId === 'string' ? { supplierId: search.supplierId } : {}),
    ...(typeof search.month === 'string' && /^\d{4}-\d{2}$/.test(search.month)
      ? { month: search.month }
      : {}),
  }),
  component: function ExpensesRoute() {
    const { supplierId, month } = Route.useSearch();
    return <ExpensesScreen key={`${supplierId}-${month}`} supplierId={supplierId} month={month} />;
  },
});
