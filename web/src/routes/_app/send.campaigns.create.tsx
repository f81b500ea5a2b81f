import { createFileRoute } from '@tanstack/react-router';
import { CampaignFormScreen } from '../../features/send/campaign-form';
import { useActor } from '../../lib/me';

export const Route = createFileRoute('/_app/send/campaigns/create')({
  staticData: { routeName: 'send' },
  component: () => <CampaignFormScreen actor={useActor()} />,
});
