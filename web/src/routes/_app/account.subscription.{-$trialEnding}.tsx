import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionScreen } from '../../features/account/subscription-screen';
import { useMe } from '../../lib/me';

/** `account/subscription/{trialEnding?}`: any value of the segment means the trial is ending. */
export const Route = createFileRoute('/_app/account/subscription/{-$trialEnding}')({
  staticData: { routeName: 'account-subscription' },
  component: function SubscriptionRoute() {
    const { trialEnding } = Route.useParams();
    return <SubscriptionScreen me={useMe()} trialEnding={!!trialEnding} />;
  },
});
