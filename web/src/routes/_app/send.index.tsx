import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/send` opens its first tab, the campaigns (spec 002 section 2.7). */
export const Route = createFileRoute('/_app/send/')({
  staticData: { routeName: 'send' },
  beforeLoad: () => {
    throw redirect({ to: '/send/campaigns' });
  },
});
