import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/suppliers` opens the list (spec 002 section 2.9: `list/*`). */
export const Route = createFileRoute('/_app/suppliers/')({
  staticData: { routeName: 'suppliers' },
  beforeLoad: () => {
    throw redirect({ to: '/suppliers/list' });
  },
});
