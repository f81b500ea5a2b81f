import { createFileRoute } from '@tanstack/react-router';
import { CampaignDetail } from '../../features/send/campaign-detail';

export const Route = createFileRoute('/_app/send/campaigns/$campaignId/')({
  staticData: { routeName: 'send' },
  component: function CampaignRoute() {
    return <CampaignDetail campaignId={Route.useParams().campaignId} />;
  },
});
