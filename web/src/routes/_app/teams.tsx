import { createFileRoute } from '@tanstack/react-router';
import { TeamsScreen } from '../../features/teams/teams-screen';
import { useActor } from '../../lib/me';

export const Route = createFileRoute('/_app/teams')({
  staticData: { routeName: 'teams' },
  component: () => <TeamsScreen actor={useActor()} />,
});
