import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/pricing` opens its one screen, the price changes (spec 002 section 2.6). */
export const Route = createFileRoute('/_app/pricing/')({
  staticData: { routeName: 'pricing' },
  beforeLoad: () => {
    throw redirect({ to: '/pricing/changes' });
  },
});
