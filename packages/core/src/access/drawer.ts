import type { Actor } from './model.ts';
import { isSubscribed } from './model.ts';
import { type DrawerSection, DrawerSections, type RouteDef } from './route-def.ts';
import { canNavigate, routes } from './routes.ts';

/** Badge counts the web app knows (unread notifications, marketplace adverts, alerts). */
export type BadgeCounts = Partial<Record<NonNullable<RouteDef['badge']>, number>>;

export interface DrawerEntry {
  route: string;
  path: string;
  badge?: string;
}

export interface DrawerSectionModel {
  section: DrawerSection;
  /** Spec 000 section 2.2: franchise and balance fold; franchise is titled "franchising". */
  collapsible: boolean;
  titleKey: string;
  entries: DrawerEntry[];
}

export type FixedEntry =
  | { kind: 'upgrade'; path: 'account' }
  | { kind: 'training-academy'; href: string }
  | { kind: 'about'; path: 'about' }
  | { kind: 'sync-now' }
  | { kind: 'sign-out' }
  | { kind: 'install-app' }
  | { kind: 'reload-app' };

export interface DrawerModel {
  sections: DrawerSectionModel[];
  fixed: FixedEntry[];
  header: { profile: true; settings: boolean; account: boolean };
  /** The connected-accounts menu: listed when multi-user is enabled, toggles with several accounts. */
  accountsMenu: { listed: boolean; toggles: boolean };
  roles: string;
  version: string;
}

/** The academy site the training entry opens (external; the spec does not name its address). */
export const TRAINING_ACADEMY_URL = 'https://academy.roundwise.app';

export interface DrawerOptions {
  /** Route names that have a screen in this build: the drawer never links to a missing screen. */
  screensThatExist: ReadonlySet<string>;
  badges?: BadgeCounts;
  appleApp?: boolean;
  installable?: boolean;
  /** How many accounts the user belongs to (for the connected-accounts menu). */
  accountCount?: number;
  version?: string;
}

const COLLAPSIBLE: ReadonlySet<DrawerSection> = new Set(['franchise', 'balance']);
/** The sections whose entries carry badges (spec 000 section 2.2). */
const BADGED: ReadonlySet<DrawerSection> = new Set(['send', 'configure', 'social']);

/** Spec 000 section 9: "Alert badge caps at 99+". Nothing is shown for zero. */
export function alertBadgeText(count: number): string {
  if (!(count > 0)) return '';
  return count > 99 ? '99+' : String(Math.floor(count));
}

/** Spec 000 section 9: reload adds a random number from 1000 to 10000 as a cache-busting value. */
export function reloadUrl(href: string, random: number = Math.random()): string {
  const value = 1000 + Math.floor(Math.min(Math.max(random, 0), 1) * 9000);
  const url = new URL(href);
  url.searchParams.set('v', String(value));
  return url.toString();
}

/** The browser path of a route's drawer link: its fixed prefix, up to the first parameter. */
export function drawerPath(route: RouteDef): string {
  const fixed: string[] = [];
  for (const seg of route.path.split('/')) {
    if (seg === '*' || seg.startsWith('{')) break;
    fixed.push(seg);
  }
  return fixed.join('/');
}

/**
 * The navigation drawer of spec 000 section 2.2: sections in the spec's order, each listing only
 * routes the actor may navigate to (the route table) and that have a screen; the fixed entries
 * with their own rules; the header links (section 6); the roles line and `v<version>`.
 */
export function drawerModel(actor: Actor, options: DrawerOptions): DrawerModel {
  const subscribed = isSubscribed(actor.subscription);
  const owner = actor.roles.includes('Owner');
  const ownerOrAdmin = owner || actor.roles.includes('Admin');

  const sections = DrawerSections.map((section): DrawerSectionModel => {
    const entries = routes
      .filter((r) => r.section === section && options.screensThatExist.has(r.name))
      .filter((r) => canNavigate(actor, r.name).ok)
      .map((r): DrawerEntry => {
        const count = r.badge && BADGED.has(section) ? (options.badges?.[r.badge] ?? 0) : 0;
        const badge = alertBadgeText(count);
        return { route: r.name, path: drawerPath(r), ...(badge ? { badge } : {}) };
      });
    return {
      section,
      collapsible: COLLAPSIBLE.has(section),
      titleKey: `drawer.section.${section === 'franchise' ? 'franchising' : section}`,
      entries,
    };
  }).filter((s) => s.entries.length > 0);

  const fixed: FixedEntry[] = [];
  if (owner && !options.appleApp && !subscribed) fixed.push({ kind: 'upgrade', path: 'account' });
  fixed.push({ kind: 'training-academy', href: TRAINING_ACADEMY_URL });
  fixed.push({ kind: 'about', path: 'about' });
  if (subscribed) fixed.push({ kind: 'sync-now' });
  fixed.push({ kind: 'sign-out' });
  if (options.installable && subscribed) fixed.push({ kind: 'install-app' });
  fixed.push({ kind: 'reload-app' });

  const multiUser = actor.flags.includes('multiUser');
  const accountCount = options.accountCount ?? 1;
  return {
    sections,
    fixed,
    header: {
      profile: true,
      settings: ownerOrAdmin && subscribed,
      account: owner && (!options.appleApp || actor.developerMode),
    },
    accountsMenu: { listed: multiUser || accountCount > 1, toggles: accountCount > 1 },
    roles: actor.roles.join(', '),
    version: `v${options.version ?? '0.0.0'}`,
  };
}
