import { createFileRoute } from '@tanstack/react-router';

/** Placeholder until the overview lands (replaced at merge by the overview's own route file). */
export const Route = createFileRoute('/_app/portal-directory/')({
  staticData: { routeName: 'portal-directory' },
  component: () => <h2 className="text-lg font-semibold">Overview</h2>,
});
