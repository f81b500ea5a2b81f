import { createFileRoute } from '@tanstack/react-router';
import { CampaignsScreen } from '../../features/send/campaigns-screen';

export const Route = createFileRoute('/_app/send/campaigns/')({
  staticData: { routeName: 'send' },
  component: CampaignsScreen,
});
