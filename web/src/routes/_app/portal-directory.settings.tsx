import { createFileRoute } from '@tanstack/react-router';
import { SettingsScreen } from '../../features/portal/directory/settings-screen';

/** `/portal-directory/settings` (spec 002 section 2.5). */
export const Route = createFileRoute('/_app/portal-directory/settings')({
  staticData: { routeName: 'portal-directory' },
  component: SettingsScreen,
});
