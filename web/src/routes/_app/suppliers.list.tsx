import { createFileRoute } from '@tanstack/react-router';
import { SuppliersList } from '../../features/suppliers/suppliers-list';

export const Route = createFileRoute('/_app/suppliers/list')({
  staticData: { routeName: 'suppliers' },
  component: SuppliersList,
});
