import { createFileRoute } from '@tanstack/react-router';
import { ServicesScreen } from '../../features/services/services-screen';

/** `services` (spec 000 section 2.3: Owner, Admin). */
export const Route = createFileRoute('/_app/services')({
  staticData: { routeName: 'services' },
  component: ServicesScreen,
});
