import { areas } from '../areas.ts';
import type { Area } from '../define-area.ts';
import type { EntityType } from '../entity.ts';
import type { SyncNeed } from '../sync-need.ts';
import { hash } from './hash.ts';

export type { SyncNeed, SyncScope } from '../sync-need.ts';

/**
 * Per entity type, the screens that read it offline, as each area declares them (`area.ts`,
 * `sync`; the types and route groups are in `sync-need.ts`). What the spec makes online-only is not
 * there: the messages of the thread and the inbox (spec 000 section 2.6, "you need to be online to
 * view messages"). The payments screen reads the ledger the owing and customers screens already
 * bring (its "Load more" pages by days on the device, docs/payments.md), and is not a route of it:
 * that would send every payment to a Worker whom the account hides owing from.
 */
export const syncNeeds = syncNeedsOf(areas) as Record<EntityType, readonly SyncNeed[]>;

/** Each entity type's needs, as a list of areas declares them (projections by `projectionId`). */
export function syncNeedsOf(list: readonly Area[]): Record<string, readonly SyncNeed[]> {
  return Object.fromEntries(
    list.flatMap((a) =>
      a.entities.map((e) => [
        e.type,
        e.sync.map((need) =>
          need.projection
            ? { ...need, projection: projectionId(need.projection, e.projections?.[need.projection] ?? []) }
            : need,
        ),
      ]),
    ),
  );
}

/**
 * A projection as views and snapshots name it: its declared name and a mark of its fields
 * (`card.0k3x9a2`). Its records keep their versions when its fields change, so nothing else would
 * bring a new field to a record that has not changed since; under a new name, a device drops the
 * records it holds in the old one and loads them again (`keptAfterViewChange`), and a snapshot cut
 * with the old fields is not served for it (`functions/src/sync/snapshot-plan.ts`).
 */
export function projectionId(name: string, fields: readonly string[]): string {
  return `${name}.${hash(fields.join(','), 0x811c9dc5)}`;
}

/** Projections by `projectionId`: the fields (besides the meta fields) a screen reads of another area's records. */
export const projections: Partial<Record<EntityType, Record<string, readonly string[]>>> = Object.fromEntries(
  areas.flatMap((a) => a.entities.flatMap((e) => (e.projections ? [[e.type, byId(e.projections)]] : []))),
);

function byId(declared: Record<string, readonly string[]>): Record<string, readonly string[]> {
  return Object.fromEntries(Object.entries(declared).map(([name, f]) => [projectionId(name, f), f]));
}

/**
 * The types a device's first load brings before the others: what the first screens show before
 * history and money. The small reference types come first (a page each, and a screen that renders
 * them before the customers arrive does almost nothing), then customers, then the schedule's jobs
 * and the visits (the snapshot puts the newest first: the day's work), then the rest.
 */
const FIRST: readonly EntityType[] = [
  'round',
  'service',
  'team',
  'alert',
  'customer',
  'job',
  'visit',
  'quote',
  'quoteSettings',
  'transaction',
  'paymentAccount',
  'notification',
  'conflict',
  'creditBalance',
];

/** The order a device's first load brings the types in: `FIRST`, then every other in area order. */
export const syncOrder = syncOrderOf(syncNeeds) as readonly EntityType[];

/** The first-load order of the types of `needs`: `FIRST`, then every other in area order. */
export function syncOrderOf(needs: Record<string, unknown>): readonly string[] {
  return [...FIRST, ...Object.keys(needs).filter((t) => !(FIRST as readonly string[]).includes(t))];
}

/**
 * Bumped when the declarations above change what a role receives: every device's view key
 * changes with it, so each reloads what it may now hold and drops the rest. (A projection's
 * fields need no bump: they are in its name, `projectionId`.)
 */
export const SYNC_NEEDS_VERSION = 8;
