import {
  actorFromMe,
  canNavigate,
  type ErrorParams,
  isAppError,
  matchRoute,
  startupRedirect,
} from '@roundwise/core';
import { createFileRoute, Outlet, redirect, useLocation, useMatches } from '@tanstack/react-router';
import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Screen, ShellSlotsContext } from '../components/screen';
import { LazySheet } from '../components/ui/lazy-sheet';
import { hasNewReleaseNotes } from '../features/about/notes-seen';
import { ConflictNotices } from '../features/conflicts/conflict-notices';
import { AlertsButton } from '../features/shell/alerts-button';
import { AppDrawer } from '../features/shell/app-drawer';
import { rememberVisit } from '../features/shell/last-visited';
import { RefusedChanges } from '../features/shell/refused-changes';
import { SupportLauncher, supportLauncherVisible } from '../features/shell/support-launcher';
import { SyncPrompt } from '../features/shell/sync-prompt';
import { UnverifiedEmailWarning } from '../features/shell/unverified-email-warning';
import { loadErrorWordsOnFirstInput } from '../lib/i18n';
import { loadMe, useMe } from '../lib/me';
import { claimStartup } from '../lib/startup-once';
import { OfflineDataProvider } from '../lib/sync/hooks';
import { APP_VERSION } from '../lib/sync/offline-client';
import { DESKTOP_QUERY, useMediaQuery } from '../lib/use-media-query';

// Shown only when a path is refused or has no screen: their code loads when it is needed.
const NotAllowed = lazy(() =>
  import('../features/shell/not-allowed').then((m) => ({ default: m.NotAllowed })),
);
const LazyRouteNotFound = lazy(() =>
  import('../features/shell/route-not-found').then((m) => ({ default: m.RouteNotFound })),
);
const RouteNotFound = () => (
  <Suspense fallback={null}>
    <LazyRouteNotFound />
  </Suspense>
);

const SHELL_READY_MARK = 'roundwise:shell-ready';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The route-table name (packages/core access/routes.ts) the screen belongs to. */
    routeName?: string;
  }
}

/**
 * The authenticated layout: the drawer (a sidebar from 769px, spec 000 section 9; a sheet below),
 * the startup redirect, and the route table's refusal of any screen the user may not open.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    // The cache's restore and `me` from the API at once; offline, the `me` the cache holds opens the app.
    const [me] = await Promise.all([
      loadMe(context.queryClient, context.offlineCache, {
        // The app opened on the cached copy over a poor signal, and the API then said signed out.
        onSignedOut: () => window.location.assign(`/sign-in?redirect=${encodeURIComponent(location.href)}`),
      }),
      context.offlineCache,
    ]).catch((error: unknown) => {
      if (isAppError(error) && error.kind === 'unauthenticated') {
        throw redirect({ to: '/sign-in', search: { redirect: location.href } });
      }
      throw error;
    });
    if (claimStartup()) {
      const target = startupRedirect(me, location.pathname, {
        newReleaseNotes: hasNewReleaseNotes(APP_VERSION),
      });
      if (target) throw redirect({ href: `/${target.path}` });
    }
    return { me, actor: actorFromMe(me) };
  },
  component: AppLayout,
  notFoundComponent: RouteNotFound,
});

/** The refusal for the current location, if any: from the matched screen's name or the path. */
function useRefusal(): { code: string; params: ErrorParams } | undefined {
  const me = useMe();
  const actor = useMemo(() => actorFromMe(me), [me]);
  const matches = useMatches();
  const { pathname } = useLocation();
  const declared = [...matches].reverse().find((m) => m.staticData?.routeName);
  const name = declared?.staticData.routeName ?? matchRoute(pathname.slice(1))?.route.name;
  const tab = (declared?.params as { tab?: string } | undefined)?.tab;
  if (!name) return undefined;
  const result = canNavigate(actor, name, tab);
  return result.ok ? undefined : { code: result.error.code, params: result.error.params };
}

function AppLayout() {
  const { t } = useTranslation();
  const me = useMe();
  const actor = useMemo(() => actorFromMe(me), [me]);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [sheetOpen, setSheetOpen] = useState(false);
  const { screensThatExist } = Route.useRouteContext();
  const refusal = useRefusal();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!refusal) rememberVisit(pathname);
  }, [pathname, refusal]);
  useEffect(() => {
    // The shell's first commit with its data (the web benchmark's web.shell_ready_town_ms).
    if (performance.getEntriesByName(SHELL_READY_MARK).length === 0) performance.mark(SHELL_READY_MARK);
    // Remote support left on on this device loads again (its own chunk, off the first load).
    void import('../lib/remote-support').then((m) => m.resumeRemoteSupport());
    return loadErrorWordsOnFirstInput();
  }, []);
  const compact = me.user.settings.compactMenusDesktop;
  const compactMobile = me.user.settings.compactMenusMobile;

  const slots = {
    start: !desktop && (
      <button
        type="button"
        className="inline-flex size-9 items-center justify-center rounded-md hover:bg-accent"
        aria-label={t('drawer.open')}
        onClick={() => setSheetOpen(true)}
      >
        <Menu className="size-5" aria-hidden />
      </button>
    ),
    end: (
      <>
        <SyncPrompt />
        <AlertsButton actor={actor} />
      </>
    ),
  };

  return (
    <OfflineDataProvider actor={actor}>
      <ShellSlotsContext.Provider value={slots}>
        {/* WCAG 2.4.1: past the menu's stops to the screen in one key press. */}
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-foreground focus:shadow-lg focus:ring-2 focus:ring-ring"
        >
          {t('shell.skip-to-content')}
        </a>
        <div className="flex min-h-dvh bg-background text-foreground">
          {desktop ? (
            <aside
              className={
                compact
                  ? 'sticky top-0 h-dvh w-60 shrink-0 border-r bg-sidebar text-sm'
                  : 'sticky top-0 h-dvh w-72 shrink-0 border-r bg-sidebar'
              }
            >
              <AppDrawer me={me} actor={actor} screensThatExist={screensThatExist} />
            </aside>
          ) : (
            <LazySheet
              open={sheetOpen}
              onOpenChange={setSheetOpen}
              side="left"
              showCloseButton={false}
              className={`gap-0 bg-sidebar ${compactMobile ? 'w-64 text-sm' : 'w-[85vw] max-w-80'}`}
              title={t('drawer.title')}
              description={t('drawer.description')}
            >
              <AppDrawer
                me={me}
                actor={actor}
                screensThatExist={screensThatExist}
                onNavigate={() => setSheetOpen(false)}
              />
            </LazySheet>
          )}
          {/* Room below the last row for the support launcher, which floats over the screen's end. */}
          <main
            id="main"
            tabIndex={-1}
            className={`min-w-0 flex-1 outline-none ${supportLauncherVisible(actor) ? 'pb-20' : ''}`}
          >
            <UnverifiedEmailWarning me={me} />
            <RefusedChanges />
            <ConflictNotices />
            {refusal ? (
              <Screen title={t('shell.not-allowed-title')}>
                <Suspense fallback={null}>
                  <NotAllowed code={refusal.code} params={refusal.params} />
                </Suspense>
              </Screen>
            ) : (
              <Outlet />
            )}
          </main>
        </div>
        <SupportLauncher actor={actor} />
      </ShellSlotsContext.Provider>
    </OfflineDataProvider>
  );
}
