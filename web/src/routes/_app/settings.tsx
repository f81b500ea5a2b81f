import { createFileRoute } from '@tanstack/react-router';
import { SettingsScreen } from '../../features/settings/settings-screen';
import { useMe } from '../../lib/me';

export const Route = createFileRoute('/_app/settings')({
  staticData: { routeName: 'settings' },
  component: () => <SettingsScreen me={useMe()} />,
});
