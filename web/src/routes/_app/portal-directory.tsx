import { createFileRoute } from '@tanstack/react-router';
import { DirectoryShell } from '../../features/portal/directory/directory-shell';

/**
 * `/portal-directory/*` (spec 002 section 2.5; Advanced): the tabs' frame (bar, tabs, the shared
 * draft, the entry rule). Its child routes draw only their content, inside this screen.
 */
export const Route = createFileRoute('/_app/portal-directory')({
  staticData: { routeName: 'portal-directory' },
  component: DirectoryShell,
});
