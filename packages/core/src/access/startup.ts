import type { Me } from '../accounts/schema.ts';
import type { Actor } from './model.ts';
import { isSubscribed } from './model.ts';
import { canNavigate, matchRoute } from './routes.ts';

/** Where startup sends the user: a route name and the browser path (no leading slash). */
export interface Redirect {
  route: string;
  path: string;
}

/** The actor `GET /api/me` describes: what the browser checks routes and commands with. */
export function actorFromMe(me: Me): Actor {
  return {
    userId: me.user.userId,
    email: me.user.email,
    accountId: me.account.accountId,
    roles: me.roles,
    level: me.level,
    subscription: me.subscription,
    flags: me.flags,
    developerMode: me.developerMode,
    emailVerified: me.user.emailVerified,
    settings: me.account.settings,
  };
}

/** Pages that step 1 must not leave: the user is choosing a plan or fixing their email. */
const SUBSCRIPTION_OR_EMAIL_ROUTES = new Set(['account-subscription', 'subscription', 'email-settings']);

/**
 * Spec 000 section 2.1, "Startup redirect order", first match wins:
 * 1. quickstart when Owner or Admin, quick start not hidden, subscription status undefined, and not
 *    already on a subscription or email-settings page;
 * 2. verify-email if the email is unverified;
 * 3. when not subscribed: account (Apple-approved and unpaid), account-subscription
 *    (Apple-approved otherwise), about (other cases);
 * 4. release notes (the about screen) if there are new ones.
 *
 * Our reading of "subscription status undefined": the account has no plan chosen yet. Our accounts
 * always carry a status, and a new sign-up starts as `trial`, so `trial` is that state; choosing a
 * plan makes it `subscribed`. "Completing" quick start is hiding it (the checklist's button does).
 * Quick start and verify-email are where the app starts (the empty path: opening the app, signing
 * in), never over a page the user opened: a reload or a link to a screen stays on that screen
 * (every reload landed on quick start). Steps 3 and 4 still apply anywhere.
 * verify-email is an Owner/Admin route in the table (section 2.3), so other roles with an unverified
 * email are not sent there (they could not open it). Returns `undefined` when the user stays where
 * they are, including when they already are on the target.
 */
export function startupRedirect(
  me: Me,
  currentPath: string,
  options: { appleApp?: boolean; newReleaseNotes?: boolean } = {},
): Redirect | undefined {
  const actor = actorFromMe(me);
  const path = currentPath.replace(/^\/+/, '').replace(/[?#].*$/, '');
  const current = matchRoute(path)?.route.name;
  const go = (route: string, to = route): Redirect | undefined =>
    current === route ? undefined : { route, path: to };

  const ownerOrAdmin = me.roles.includes('Owner') || me.roles.includes('Admin');
  const atStart = path === '';
  if (
    ownerOrAdmin &&
    !me.user.settings.hideQuickStart &&
    me.subscription === 'trial' &&
    !(current && SUBSCRIPTION_OR_EMAIL_ROUTES.has(current)) &&
    atStart
  ) {
    return go('quickstart');
  }
  if (!me.user.emailVerified && atStart && canNavigate(actor, 'verify-email').ok) return go('verify-email');
  if (!isSubscribed(me.subscription)) {
    // Routes open while not subscribed (users, profile, account...) are left alone.
    if (current && canNavigate(actor, current).ok && current !== 'quickstart') return undefined;
    if (options.appleApp && me.subscription === 'unpaid') return go('account');
    if (options.appleApp) return go('account-subscription', 'account/subscription');
    return go('about');
  }
  if (options.newReleaseNotes) return go('about');
  return undefined;
}

/**
 * The empty path (spec 000 section 2.1): the saved landing page when saved and allowed (when not
 * allowed `clearSavedLanding` is true and the caller clears the setting), else the last visited
 * route, else the default route of `defaultRouteFor`.
 */
export function landingRoute(
  actor: Actor,
  {
    savedLanding,
    lastVisited,
    screensThatExist,
  }: { savedLanding?: string; lastVisited?: string; screensThatExist?: ReadonlySet<string> },
): { path: string; clearSavedLanding: boolean } {
  const allowed = (path: string | undefined): path is string => {
    if (!path) return false;
    const match = matchRoute(path.replace(/^\/+/, ''));
    return !!match && canNavigate(actor, match.route.name, match.params.tab).ok;
  };
  const clearSavedLanding = !!savedLanding && !allowed(savedLanding);
  if (allowed(savedLanding)) return { path: savedLanding.replace(/^\/+/, ''), clearSavedLanding };
  if (allowed(lastVisited)) return { path: lastVisited.replace(/^\/+/, ''), clearSavedLanding };
  return { path: defaultRouteFor(actor, screensThatExist), clearSavedLanding };
}

/**
 * The default route (the spec does not name one; our choice, first allowed wins): the day's
 * schedule for those who plan (Owner, Admin, Planner), the worker's own jobs (mywork in multi-user
 * accounts, else day-pilot), customers for Creators, insights for Reporting, canvassing for
 * Canvassers, users when not subscribed (the only route offered then), else about.
 */
export const DEFAULT_ROUTES = [
  'schedule',
  'mywork',
  'day-pilot',
  'customers',
  'insights',
  'canvassing',
  'payments',
  'users',
] as const;

/** `screensThatExist` skips routes this build has no screen for yet. */
export function defaultRouteFor(actor: Actor, screensThatExist?: ReadonlySet<string>): string {
  const found = DEFAULT_ROUTES.find(
    (name) => (!screensThatExist || screensThatExist.has(name)) && canNavigate(actor, name).ok,
  );
  return found ?? 'about';
}
