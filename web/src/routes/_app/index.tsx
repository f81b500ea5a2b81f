import { actorFromMe, landingRoute } from '@roundwise/core';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { lastVisited } from '../../features/shell/last-visited';
import { api } from '../../lib/http';

/** The empty path (spec 000 section 2.1): saved landing page, else last visited, else the default. */
export const Route = createFileRoute('/_app/')({
  beforeLoad: ({ context }) => {
    const { me, screensThatExist } = context;
    const { path, clearSavedLanding } = landingRoute(actorFromMe(me), {
      savedLanding: me.user.settings.landingPage,
      lastVisited: lastVisited(),
      screensThatExist,
    });
    if (clearSavedLanding)
      void api.me.$patch({ json: { settings: { landingPage: '' } } }).catch(() => undefined);
    throw redirect({ href: `/${path}` });
  },
});
