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
 */
export async function findPortal(s: Deps, rawHandle: string): Promise<FoundPortal> {
  const handle = Portal.Handle.safeParse(rawHandle);
  if (!handle.success) return { kind: 'unknown' };
  const accountId = await new PortalStore(s.db).accountOf(handle.data);
  if (!accountId) return { kind: 'unknown' };
  const repo = new EntityRepository(s.db, accountId);
  const [account, directory, published, stored] = await Promise.all([
    s.auth.getAccount(accountId),
    repo.get<Portal.Directory>('portalDirectory', accountId),
    repo.get<Portal.PublishedLayout>('portalPublished', Portal.PUBLISHED_ID),
    repo.list<{ settings: unknown }>('portalWidget'),
  ]);
  if (!account || !directory || directory.uniqueUrl !== handle.data) return { kind: 'unknown' };
  if (!Portal.isPublished(directory)) return { kind: 'unpublished', accountId, directory };
  const layout = published ? await repo.get<Portal.Layout>('portalLayout', published.layoutId) : undefined;
  const byName = new Map(stored.map((w) => [w._id, w.settings]));
  const settings = Object.fromEntries(
    (Object.keys(Portal.widgetSettings) as Portal.ConfigurableWidget[]).map((name) => [
      name,
      Portal.settingsOf(name, byName.get(name)),
    ]),
  ) as WidgetSettingsMap;
  return { kind: 'found', accountId, account, directory, layout: layout?.layout ?? [], settings, repo };
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
