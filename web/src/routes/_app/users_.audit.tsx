import { actorFromMe, canNavigate } from '@roundwise/core';
import { createFileRoute } from '@tanstack/react-router';
import { securityQuery } from '../../features/users/api/security';
import { SecurityScreen } from '../../features/users/security-screen';

export const Route = createFileRoute('/_app/users_/audit')({
  staticData: { routeName: 'users-audit' },
  loader: ({ context }) => {
    if (canNavigate(actorFromMe(context.me), 'users-audit').ok)
      return context.queryClient.ensureQueryData(securityQuery);
  },
  component: SecurityScreen,
});
