import { actorFromMe, canNavigate } from '@roundwise/core';
import { createFileRoute } from '@tanstack/react-router';
import { backupsQuery } from '../../features/backups/api/backups';
import { BackupsScreen } from '../../features/backups/backups-screen';
import { useActor } from '../../lib/me';

export const Route = createFileRoute('/_app/backups')({
  staticData: { routeName: 'backups' },
  loader: ({ context }) => {
    if (canNavigate(actorFromMe(context.me), 'backups').ok)
      return context.queryClient.ensureQueryData(backupsQuery);
  },
  component: () => <BackupsScreen actor={useActor()} />,
});
