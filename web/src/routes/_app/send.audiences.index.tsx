import { createFileRoute } from '@tanstack/react-router';
import { AudiencesScreen } from '../../features/send/audiences-screen';

export const Route = createFileRoute('/_app/send/audiences/')({
  staticData: { routeName: 'send' },
  component: AudiencesScreen,
});
