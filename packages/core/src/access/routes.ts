import { areas } from '../areas.ts';
import type { Area } from '../define-area.ts';
import { type AccessResult, checkAccess } from './check.ts';
import type { Actor, Role } from './model.ts';
import type { RouteDef } from './route-def.ts';

const OA: readonly Role[] = ['Owner', 'Admin'];
const OAC: readonly Role[] = ['Owner', 'Admin', 'Creator'];
const OAP: readonly Role[] = ['Owner', 'Admin', 'Planner'];

/**
 * The route table of spec 000 section 2.3. The API guards its endpoints with it, the web router
 * refuses a direct URL with it, and the drawer lists only what it allows. An area declares the
 * rows of its screens (`area.ts`, `routes`); the rows below are the shell's (account, profile,
 * settings...) and those of screens whose area is not in `areas.ts`: when that area arrives, its
 * rows move into its `area.ts`. The drawer lists a section's entries in the table's order: these
 * rows first, then each area's in the order of the list of areas.
 */
const shellRoutes: readonly RouteDef[] = [
  { name: 'email-settings', path: 'email-settings/*', section: 'configure', roles: OA },
  // Spec 001 section 2.9 gives no path or roles: those who write messages keep the snippets.
  { name: 'canned-responses', path: 'canned-responses', section: 'configure', roles: OAC },
  { name: 'training', path: 'training' },
  {
    name: 'marketplace',
    path: 'marketplace/*',
    section: 'social',
    flagsAny: ['marketplaceBuyer', 'marketplaceSeller'],
    badge: 'adverts',
  },
  {
    name: 'audit',
    path: 'audit/*',
    section: 'configure',
    flagsAll: ['audit'],
    // The Owner switches the audit feature on in Settings, so Owners and Admins open it without
    // developer mode (20 taps on the version number); other roles still need it or support.
    condition: (a) =>
      a.developerMode || a.supportUser === true || a.roles.some((r) => r === 'Owner' || r === 'Admin'),
    conditionKey: 'access.developer-mode-required',
  },
  { name: 'about', path: 'about', whenNotSubscribed: true },
  {
    name: 'account-subscription',
    path: 'account/subscription/{trialEnding?}',
    roles: ['Owner'],
    whenNotSubscribed: true,
  },
  { name: 'gettingstarted', path: 'gettingstarted' },
  { name: 'quickstart', path: 'quickstart', roles: OA, whenNotSubscribed: true },
  { name: 'verify-email', path: 'verify-email', roles: OA, whenNotSubscribed: true },
  { name: 'directory-edit', path: 'directory-edit', section: 'integrations', minLevel: 'Advanced' },
  { name: 'portal-directory', path: 'portal-directory', section: 'integrations', minLevel: 'Advanced' },
  { name: 'account', path: 'account', roles: ['Owner'], whenNotSubscribed: true },
  { name: 'subscription', path: 'subscription', roles: ['Owner'], whenNotSubscribed: true },
  { name: 'dashboard', path: 'dashboard', section: 'work', minLevel: 'Core', roles: OAP },
  {
    name: 'visual-planner',
    path: 'visual-planner',
    section: 'work',
    minLevel: 'Ultimate',
    flagsAll: ['visualPlanner'],
  },
  {
    // The users security view: Ultimate, or an account the support team switched it on for.
    name: 'users-audit',
    path: 'users/audit',
    section: 'configure',
    roles: OA,
    condition: (a) => a.level === 'Ultimate' || a.settings.securityAudit === true,
    conditionKey: 'access.level-required',
  },
  {
    name: 'analytics',
    path: 'analytics/*',
    section: 'configure',
    condition: (a) => a.developerMode,
    conditionKey: 'access.developer-mode-required',
  },
  { name: 'users', path: 'users', section: 'configure', roles: OA, whenNotSubscribed: true },
  // Spec 002 section 2.8 gives the screen but no route-table row: a restore replaces everyone's
  // data, so it is the Owner's and Admin's, like users and settings.
  { name: 'backups', path: 'backups', section: 'configure', roles: OA },
  {
    name: 'franchise',
    path: 'franchise/{tab?}',
    section: 'franchise',
    minLevel: 'Advanced',
    condition: (a) => a.franchiseOwner === true,
    conditionKey: 'access.franchise-owner-required',
    tabs: { customers: {}, franchisees: {}, options: {}, 'download-reports': {} },
  },
  {
    name: 'franchise-map',
    path: 'franchise-map',
    section: 'franchise',
    condition: (a) => a.franchiseOwner === true || a.franchisee === true,
    conditionKey: 'access.franchise-owner-required',
  },
  // Header links of the drawer (spec 000 section 2.2 and 6).
  { name: 'profile', path: 'profile', whenNotSubscribed: true },
  { name: 'settings', path: 'settings', roles: OA },
];

/** The rows of a list of areas' screens with the shell's: the whole route table. */
export function routesOf(list: readonly Area[]): readonly RouteDef[] {
  return [...shellRoutes, ...list.flatMap((a) => a.routes ?? [])];
}

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

/** The lookups of a route table: by name, by browser path, and who may open what. */
export function routeTable(rows: readonly RouteDef[]) {
  const byName = new Map(rows.map((r) => [r.name, r]));
  const routeByName = (name: string): RouteDef => {
    const route = byName.get(name);
    if (!route) throw new Error(`Unknown route ${name}`);
    return route;
  };
  return {
    routeByName,
    /** May the actor open this route (and tab)? Same answer on the server and in the browser. */
    canNavigate(actor: Actor, name: string, tab?: string): AccessResult {
      const route = routeByName(name);
      const result = checkAccess(route, actor);
      if (!result.ok || !tab || !route.tabs) return result;
      const tabAccess = route.tabs[tab];
      if (!tabAccess) return { ok: true };
      return checkAccess({ ...tabAccess, whenNotSubscribed: route.whenNotSubscribed }, actor);
    },
    /** Finds the route a browser path (without leading slash) belongs to. */
    matchRoute(path: string): RouteMatch | undefined {
      const parts = path.split('/').filter(Boolean);
      for (const route of rows) {
        const params = matchPattern(route.path, parts);
        if (params) return { route, params };
      }
      return undefined;
    },
  };
}

/** The route table of every area in `areas.ts`. */
export const routes = routesOf(areas);
export const { routeByName, canNavigate, matchRoute } = routeTable(routes);

function matchPattern(pattern: string, parts: string[]): Record<string, string> | undefined {
  const segs = pattern.split('/');
  const params: Record<string, string> = {};
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i]!;
    const part = parts[i];
    if (seg === '*') return params;
    if (seg.startsWith('{')) {
      const optional = seg.endsWith('?}');
      const key = seg.slice(1, optional ? -2 : -1);
      if (part === undefined) {
        if (optional) continue;
        return undefined;
      }
      params[key] = decodeURIComponent(part);
    } else if (seg !== part) {
      return undefined;
    }
  }
  return parts.length <= segs.length ? params : undefined;
}
