import { createFileRoute } from '@tanstack/react-router';
import { SupplierDetail } from '../../features/suppliers/supplier-detail';

export const Route = createFileRoute('/_app/suppliers/$id/')({
  staticData: { routeName: 'suppliers' },
  component: function SupplierRoute() {
    return <SupplierDetail id={Route.useParams().id} />;
  },
});
