import { createFileRoute } from '@tanstack/react-router';
import { AllJobsScreen } from '../../features/visits/alljobs-screen';

export const Route = createFileRoute('/_app/alljobs')({
  staticData: { routeName: 'alljobs' },
  component: AllJobsScreen,
});
