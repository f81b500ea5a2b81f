import { type Account, type Entity, Portal } from '@roundwise/core';
import { EntityRepository, PortalStore } from '@roundwise/db';
import type { Deps } from '../context.ts';

export type FoundPortal =
  | { kind: 'unknown' }
  | { kind: 'unpublished'; accountId: string; directory: Entity<Portal.Directory> }
  | {
      kind: 'found';
      accountId: string;
      account: Account;
      directory: Entity<Portal.Directory>;
      /** The published layout's items; empty when none is published. */
      layout: Portal.LayoutItem[];
      /** Every configurable widget's settings, stored or default. */
      settings: WidgetSettingsMap;
      repo: EntityRepository;
    };

/**
 * The portal a URL handle names (`/portal/{handle}`, `data-portal`): its account through the
 * handle's global claim, then the account's directory entry, which must still carry that handle
 * (a claim outlives a rename only until it is released). Unpublished: the page says so, and no
 * customer endpoint answers.
 *
 * Every public call starts here, so its reads are its round trips: the claim (skipped when this
 * process has seen the handle, `known`), then the account, the directory entry and the published
 * pointer (which carries the layout's items) in one `BatchGetItem` beside the widget settings'
 * query. A pointer from before that copy: its layout is read as soon as it is in.
 */
export async function findPortal(s: Deps, rawHandle: string): Promise<FoundPortal> {
  const handle = Portal.Handle.safeParse(rawHandle);
  if (!handle.success) return { kind: 'unknown' };
  const known = knownAccount(s, handle.data);
  if (known) {
    const found = await portalOf(s, handle.data, known);
    if (found.kind !== 'unknown') return found;
    forgetAccount(s, handle.data);
  }
  const accountId = await new PortalStore(s.db).accountOf(handle.data);
  if (!accountId) return { kind: 'unknown' };
  const found = await portalOf(s, handle.data, accountId);
  if (found.kind !== 'unknown') rememberAccount(s, handle.data, accountId);
  return found;
}

async function portalOf(s: Deps, handle: string, accountId: string): Promise<FoundPortal> {
  const repo = new EntityRepository(s.db, accountId);
  const published = repo.get<Portal.PublishedLayout>('portalPublished', Portal.PUBLISHED_ID);
  const [account, directory, layout, stored] = await Promise.all([
    s.auth.getAccount(accountId),
    repo.get<Portal.Directory>('portalDirectory', accountId),
    published.then((p) =>
      p?.layout ? { layout: p.layout } : p ? repo.get<Portal.Layout>('portalLayout', p.layoutId) : undefined,
    ),
    repo.list<{ settings: unknown }>('portalWidget'),
  ]);
  if (!account || !directory || directory.uniqueUrl !== handle) return { kind: 'unknown' };
  if (!Portal.isPublished(directory)) return { kind: 'unpublished', accountId, directory };
  const byName = new Map(stored.map((w) => [w._id, w.settings]));
  const settings = Object.fromEntries(
    (Object.keys(Portal.widgetSettings) as Portal.ConfigurableWidget[]).map((name) => [
      name,
      Portal.settingsOf(name, byName.get(name)),
    ]),
  ) as WidgetSettingsMap;
  return { kind: 'found', accountId, account, directory, layout: layout?.layout ?? [], settings, repo };
}

/**
 * Handles this process has resolved, and their accounts. Safe to trust without the claim because
 * the directory entry is read anyway: a handle is claimed before a directory carries it and let go
 * only after it no longer does, so an entry still carrying the handle means the claim is still its
 * account's. Anything else (renamed, deleted) forgets the handle and reads the claim again.
 */
const known = new WeakMap<Deps['db'], Map<string, { accountId: string; at: number }>>();
const KNOWN_MS = 10 * 60_000;
const KNOWN_MAX = 1_000;

function knownAccount(s: Deps, handle: string) {
  const entry = known.get(s.db)?.get(handle);
  return entry && Date.now() - entry.at < KNOWN_MS ? entry.accountId : undefined;
}

function rememberAccount(s: Deps, handle: string, accountId: string) {
  const handles = known.get(s.db) ?? new Map<string, { accountId: string; at: number }>();
  known.set(s.db, handles);
  // The oldest first out: a Map iterates in insertion order.
  if (handles.size >= KNOWN_MAX) handles.delete(handles.keys().next().value!);
  handles.set(handle, { accountId, at: Date.now() });
}

function forgetAccount(s: Deps, handle: string) {
  known.get(s.db)?.delete(handle);
}

export type WidgetSettingsMap = { [W in Portal.ConfigurableWidget]: Portal.WidgetSettings<W> };

/** What anyone may read of a published portal: the listing, its theme, the layout, public settings. */
export function publicView(found: FoundPortal & { kind: 'found' }) {
  const d = found.directory;
  return {
    handle: d.uniqueUrl,
    businessName: d.businessName,
    summary: d.summary,
    telephone: d.telephone,
    email: d.email,
    addressDescription: d.addressDescription,
    logo: d.logo,
    banner: d.banner,
    services: d.services,
    theme: { name: d.config.themeName, options: d.config.themeOptions, dense: d.config.dense },
    text: d.config.text,
    prepayOptions: d.config.prepayOptions,
    layout: found.layout,
    settings: found.settings,
  };
}
export type PublicPortal = ReturnType<typeof publicView>;
