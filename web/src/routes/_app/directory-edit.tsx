import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * `directory-edit` (the route table's, Advanced): the listing's edit address, which the spec lists
 * beside `portal-directory` with no screen of its own. It opens the listing's settings, where the
 * entry is edited, so an old link or bookmark lands there (docs/portal.md).
 */
export const Route = createFileRoute('/_app/directory-edit')({
  staticData: { routeName: 'directory-edit' },
  beforeLoad: () => {
    throw redirect({ to: '/portal-directory/settings', replace: true });
  },
});
