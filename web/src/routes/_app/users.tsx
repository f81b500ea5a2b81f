import { actorFromMe, canNavigate } from '@roundwise/core';
import { createFileRoute } from '@tanstack/react-router';
import { RecordFieldsButton } from '../../features/custom-fields/record-fields';
import { usersQuery } from '../../features/users/api/users';
import { UsersScreen } from '../../features/users/users-screen';
import { useActor } from '../../lib/me';

export const Route = createFileRoute('/_app/users')({
  staticData: { routeName: 'users' },
  loader: ({ context }) => {
    if (canNavigate(actorFromMe(context.me), 'users').ok)
      return context.queryClient.ensureQueryData(usersQuery);
  },
  component: () => (
    <UsersScreen
      actor={useActor()}
      extra={(u) =>
        u.userId &&
        u.status === 'active' && (
          <RecordFieldsButton target="accountuser" targetObjectId={u.userId} name={u.name || u.email} />
        )
      }
    />
  ),
});
