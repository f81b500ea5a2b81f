import { createFileRoute } from '@tanstack/react-router';
import { ServicesAdvancedScreen } from '../../features/services/services-advanced-screen';

/** `services-advanced` (spec 000 section 2.3: Advanced; developer mode or a setting). */
export const Route = createFileRoute('/_app/services-advanced/')({
  staticData: { routeName: 'services-advanced' },
  component: ServicesAdvancedScreen,
});
