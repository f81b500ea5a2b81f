import { createFileRoute } from '@tanstack/react-router';
import { RecordFields } from '../../features/custom-fields/record-fields';
import { ProfileScreen } from '../../features/profile/profile-screen';
import { useMe } from '../../lib/me';

export const Route = createFileRoute('/_app/profile')({
  staticData: { routeName: 'profile' },
  component: function ProfileRoute() {
    const me = useMe();
    return (
      <ProfileScreen
        me={me}
        extra={
          <RecordFields target="accountuser" targetObjectId={me.user.userId} related={[me.user.userId]} />
        }
      />
    );
  },
});
