import { createFileRoute } from '@tanstack/react-router';
import { GettingStartedScreen } from '../../features/gettingstarted/getting-started-screen';
import { useActor } from '../../lib/me';

export const Route = createFileRoute('/_app/gettingstarted')({
  staticData: { routeName: 'gettingstarted' },
  component: function GettingStartedRoute() {
    const { screensThatExist } = Route.useRouteContext();
    return <GettingStartedScreen actor={useActor()} screensThatExist={screensThatExist} />;
  },
});
