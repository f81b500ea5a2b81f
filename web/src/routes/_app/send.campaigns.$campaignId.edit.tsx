import { createFileRoute } from '@tanstack/react-router';
import { CampaignFormScreen } from '../../features/send/campaign-form';
import { useActor } from '../../lib/me';

export const Route = createFileRoute('/_app/send/campaigns/$campaignId/edit')({
  staticData: { routeName: 'send' },
  component: function CampaignEditRoute() {
    return <CampaignFormScreen actor={useActor()} campaignId={Route.useParams().campaignId} />;
  },
});
