import { createFileRoute } from '@tanstack/react-router';
import { ProfileScreen } from '../../features/profile/profile-screen';
import { useMe } from '../../lib/me';

export const Route = createFileRoute('/_app/profile')({
  staticData: { routeName: 'profile' },
  component: () => <ProfileScreen me={useMe()} />,
});
