import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * `subscription` (Owner) is the plan screen `account/subscription` shows, without a trial
 * ending: one screen at one address, so this path goes there (the same Owner rule refuses others).
 */
export const Route = createFileRoute('/_app/subscription')({
  staticData: { routeName: 'subscription' },
  beforeLoad: () => {
    throw redirect({ to: '/account/subscription/{-$trialEnding}', params: {}, replace: true });
  },
});
