import { createFileRoute } from '@tanstack/react-router';
import { SupplierForm } from '../../features/suppliers/supplier-form';

export const Route = createFileRoute('/_app/suppliers/add')({
  staticData: { routeName: 'suppliers' },
  component: () => <SupplierForm />,
});
