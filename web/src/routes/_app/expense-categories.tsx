import { createFileRoute } from '@tanstack/react-router';
import { ExpenseCategoriesScreen } from '../../features/expense-categories/expense-categories-screen';

export const Route = createFileRoute('/_app/expense-categories')({
  staticData: { routeName: 'expense-categories' },
  component: ExpenseCategoriesScreen,
});
