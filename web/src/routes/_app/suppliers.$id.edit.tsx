import { createFileRoute } from '@tanstack/react-router';
import { SupplierForm } from '../../features/suppliers/supplier-form';

export const Route = createFileRoute('/_app/suppliers/$id/edit')({
  staticData: { routeName: 'suppliers' },
  component: function EditSupplierRoute() {
    const { id } = Route.useParams();
    return <SupplierForm key={id} id={id} />;
  },
});
