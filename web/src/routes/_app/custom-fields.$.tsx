import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/custom-fields` (the drawer's entry) and any other path under it open the list. */
export const Route = createFileRoute('/_app/custom-fields/$')({
  staticData: { routeName: 'custom-fields' },
  beforeLoad: () => {
    throw redirect({ to: '/custom-fields/main', replace: true });
  },
});
