import { createFileRoute } from '@tanstack/react-router';
import { ServiceAdvancedScreen } from '../../features/services/service-advanced-screen';

/** `services-advanced/{id}/` (spec 000 section 2.3: Advanced; Owner, Admin, Creator). */
export const Route = createFileRoute('/_app/services-advanced/$id')({
  staticData: { routeName: 'services-advanced-item' },
  component: function ServiceAdvancedRoute() {
    const { id } = Route.useParams();
    return <ServiceAdvancedScreen id={id} />;
  },
});
