import { createFileRoute } from '@tanstack/react-router';
import { ChangesScreen } from '../../features/pricing/changes-screen';

export const Route = createFileRoute('/_app/pricing/changes/')({
  staticData: { routeName: 'pricing' },
  component: ChangesScreen,
});
