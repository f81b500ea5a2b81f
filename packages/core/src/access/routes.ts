import { type Access, type AccessResult, checkAccess } from './check.ts';
import type { Actor, Role } from './model.ts';

/**
 * The route table of spec 000 section 2.3, in one place. The API guards its endpoints with it,
 * the web router refuses a direct URL with it, and the drawer lists only what it allows.
 */
export const DrawerSections = [
  'integrations',
  'franchise',
  'work',
  'customers',
  'send',
  'billing',
  'balance',
  'finance',
  'configure',
  'social',
] as const;
export type DrawerSection = (typeof DrawerSections)[number];

export interface RouteDef extends Access {
  /** Stable key, used by the drawer, `canNavigate` and API guards. */
  name: string;
  /** Path shape: `{x}` a segment, `{x?}` an optional one, `*` any rest. */
  path: string;
  /** Drawer section; absent for routes reached only by links or redirects. */
  section?: DrawerSection;
  /** Tabs with rules of their own, beyond the route's. */
  tabs?: Record<string, Access>;
  /** Shows a badge in the drawer (counts come from the web app). */
  badge?: 'unread' | 'adverts' | 'alerts';
}

const OA: readonly Role[] = ['Owner', 'Admin'];
const OAC: readonly Role[] = ['Owner', 'Admin', 'Creator'];
const OAP: readonly Role[] = ['Owner', 'Admin', 'Planner'];

export const routes: readonly RouteDef[] = [
  { name: 'email-settings', path: 'email-settings/*', section: 'configure', roles: OA },
  // Spec 001 section 2.9 gives no path or roles: those who write messages keep the snippets.
  { name: 'canned-responses', path: 'canned-responses', section: 'configure', roles: OAC },
  { name: 'training', path: 'training' },
  { name: 'tracker', path: 'tracker/*', section: 'work', roles: OA, flagsAll: ['timeTracker'] },
  {
    name: 'customers',
    path: 'customers/{customerId?}/{tab?}',
    section: 'customers',
    minLevel: 'Core',
    roles: OAC,
  },
  ...(['owing', 'pending'] as const).map(
    (name): RouteDef => ({
      name,
      path: name,
      section: 'billing',
      minLevel: 'Core',
      roles: ['Owner', 'Admin', 'Creator', 'Planner', 'Worker'],
      // Workers see these only when the account shows owing to workers.
      condition: (a) =>
        a.roles.some((r) => r !== 'Worker' && ['Owner', 'Admin', 'Creator', 'Planner'].includes(r)) ||
        a.settings.showOwingToWorkers === true,
      conditionKey: 'access.owing-hidden-from-workers',
    }),
  ),
  { name: 'canvassing', path: 'canvassing', section: 'customers', roles: ['Canvasser'] },
  { name: 'pricing', path: 'pricing/*', section: 'billing', roles: OA, flagsAll: ['pricing'] },
  { name: 'send', path: 'send/*', section: 'send', roles: OA, flagsAll: ['send'] },
  { name: 'block-editor', path: 'block-editor/{id}', flagsAll: ['blockEditor'] },
  { name: 'inbox', path: 'inbox/*', section: 'send', roles: OAC, badge: 'unread' },
  { name: 'availability', path: 'availability/*', section: 'work', flagsAll: ['availability'] },
  {
    name: 'balance',
    path: 'balance/*',
    section: 'balance',
    minLevel: 'Ultimate',
    flagsAll: ['balance'],
    tabs: { dashboard: {}, accounts: {}, reports: {}, transactions: {}, settings: {}, 'vat-returns': {} },
  },
  { name: 'suppliers', path: 'suppliers/*', section: 'finance' },
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
  { name: 'teams', path: 'teams', section: 'configure', flagsAll: ['multiUser'] },
  { name: 'alerts', path: 'alerts/{alertId?}', badge: 'alerts' },
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
  {
    name: 'rounds',
    path: 'rounds/{tab?}',
    section: 'work',
    minLevel: 'Core',
    roles: OA,
    tabs: { active: {}, pending: { minLevel: 'Advanced' } },
  },
  { name: 'services', path: 'services', section: 'configure', roles: OA },
  {
    name: 'services-advanced',
    path: 'services-advanced',
    section: 'configure',
    minLevel: 'Advanced',
    condition: (a) => a.developerMode || a.settings.servicesAdvanced === true,
    conditionKey: 'access.developer-mode-required',
  },
  { name: 'services-advanced-item', path: 'services-advanced/{id}', minLevel: 'Advanced', roles: OAC },
  {
    name: 'mywork',
    path: 'mywork',
    section: 'work',
    minLevel: 'Core',
    roles: ['Worker'],
    flagsAll: ['multiUser'],
  },
  { name: 'mywork-item', path: 'mywork/{id}', minLevel: 'Core' },
  {
    name: 'day-pilot',
    path: 'day-pilot/{tab?}',
    section: 'work',
    roles: ['Owner', 'Worker'],
    tabs: { 'not-done': {}, completed: {} },
  },
  {
    name: 'schedule',
    path: 'schedule/{date?}/{scheduleItemId?}',
    section: 'work',
    minLevel: 'Core',
    roles: OAP,
  },
  { name: 'multi-planner', path: 'multi-planner', section: 'work', minLevel: 'Core', roles: OAP },
  { name: 'alljobs', path: 'alljobs', section: 'work', minLevel: 'Core', roles: OAP },
  { name: 'overdue', path: 'overdue', section: 'work', minLevel: 'Core', roles: OAP },
  { name: 'quotes', path: 'quotes', section: 'customers', minLevel: 'Core', roles: OAC },
  {
    name: 'invoices',
    path: 'invoices/{transactionIdOrInvoiceNumber?}',
    section: 'billing',
    minLevel: 'Core',
    roles: OA,
  },
  { name: 'expenses', path: 'expenses', section: 'finance', minLevel: 'Core', roles: OA },
  { name: 'expense-categories', path: 'expense-categories', section: 'finance' },
  {
    name: 'chart-of-accounts',
    path: 'chart-of-accounts/{tab?}',
    section: 'finance',
    minLevel: 'Advanced',
    tabs: { default: {}, 'balance-sheet': { minLevel: 'Ultimate' }, 'vat-return': { minLevel: 'Ultimate' } },
  },
  { name: 'payments', path: 'payments', section: 'billing', minLevel: 'Core' },
  {
    name: 'insights',
    path: 'insights/{tab?}',
    section: 'finance',
    roles: ['Owner', 'Admin', 'Reporting'],
    tabs: { reports: {}, customers: { roles: OA }, jobs: { roles: OA }, financials: { roles: OA } },
  },
  { name: 'attachments', path: 'attachments', section: 'configure', minLevel: 'Advanced' },
  {
    name: 'custom-fields',
    path: 'custom-fields/*',
    section: 'configure',
    minLevel: 'Ultimate',
    flagsAll: ['metadata'],
  },
  { name: 'connected-service', path: 'connected-service/{provider}', minLevel: 'Advanced' },
  {
    name: 'import-transactions',
    path: 'import-transactions/*',
    section: 'integrations',
    minLevel: 'Advanced',
  },
  // Header links of the drawer (spec 000 section 2.2 and 6).
  { name: 'profile', path: 'profile', whenNotSubscribed: true },
  { name: 'settings', path: 'settings', roles: OA },
];

const byName = new Map(routes.map((r) => [r.name, r]));

export function routeByName(name: string): RouteDef {
  const route = byName.get(name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

/** May the actor open this route (and tab)? Same answer on the server and in the browser. */
export function canNavigate(actor: Actor, name: string, tab?: string): AccessResult {
  const route = routeByName(name);
  const result = checkAccess(route, actor);
  if (!result.ok || !tab || !route.tabs) return result;
  const tabAccess = route.tabs[tab];
  if (!tabAccess) return { ok: true };
  return checkAccess({ ...tabAccess, whenNotSubscribed: route.whenNotSubscribed }, actor);
}

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

/** Finds the route a browser path (without leading slash) belongs to. */
export function matchRoute(path: string): RouteMatch | undefined {
  const parts = path.split('/').filter(Boolean);
  for (const route of routes) {
    const params = matchPattern(route.path, parts);
    if (params) return { route, params };
  }
  return undefined;
}

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
