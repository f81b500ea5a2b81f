import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { type Change, type Entity, type EntityType, newId, Sync } from '@roundwise/core';
import { type Db, EntityRepository, SnapshotRepository, type SnapshotSection } from '@roundwise/db';

const gz = promisify(gzip);

/**
 * A full first page of the feed (this many changes) asks for a snapshot. Snapshot pages are cut by
 * size instead: up to `PAGE_JSON_BYTES` of JSON (about 2,000 customers, 5,000 visits or 10,000
 * customer cards), so small records come in fewer requests.
 */
export const SNAPSHOT_PAGE = 2000;
const PAGE_JSON_BYTES = 1_500_000;
const PAGE_MAX_ENTITIES = 10_000;
/** DynamoDB items hold 400 KB; a page that compresses worse than this is split. */
const MAX_CHUNK_BYTES = 350_000;

/** The sections every type is cut into: in full, in each projection, and in each scope's partitions. */
function sectionSpecs(type: EntityType) {
  const specs: { projection?: string; scope?: Sync.SyncScope }[] = [{}];
  const add = (projection: string | undefined, scope: Sync.SyncScope | undefined) => {
    if (!specs.some((s) => s.projection === projection && s.scope === scope))
      specs.push({ ...(projection ? { projection } : {}), ...(scope ? { scope } : {}) });
  };
  for (const need of Sync.syncNeeds[type]) add(need.projection, need.scope);
  return specs;
}

/**
 * Within a type, what a screen opened first needs comes first: the newest visits (today's and
 * the days around it, for the day's work) and the newest transactions.
 */
const newestFirst: Partial<Record<EntityType, string>> = {
  visit: 'isoPlannedDate',
  transaction: 'date',
};

function ordered(type: EntityType, entities: Entity[]): Entity[] {
  const field = newestFirst[type];
  if (!field) return entities;
  const key = (e: Entity) => String((e as Record<string, unknown>)[field] ?? '');
  return [...entities].sort((a, b) => (key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : 0));
}

/**
 * Writes a new sync snapshot of the account: every live entity from the change feed, cut in
 * sections (see `SnapshotSection`) of gzipped pages `{ changes }`, in `Sync.syncOrder`. Devices
 * read the sections of their view and then continue with the feed at the position the snapshot
 * was read up to (the feed's own 5-second rule applies, so nothing written meanwhile is missed).
 * Tombstones are left out: a new device never had those entities.
 */
export async function buildSnapshot(db: Db, accountId: string, now: () => Date) {
  const feed = new EntityRepository(db, accountId);
  const byType = new Map<EntityType, Entity[]>();
  let cursor: string | undefined;
  let entities = 0;
  for (;;) {
    const page = await feed.changedSince(cursor, 5000, now());
    for (const { type, entity } of page.changes) {
      if (entity._deleted) continue;
      const list = byType.get(type);
      if (list) list.push(entity);
      else byType.set(type, [entity]);
      entities++;
    }
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  const snapshotId = newId();
  const repo = new SnapshotRepository(db, accountId);
  const sections: SnapshotSection[] = [];
  let index = 0;
  const write = async (spec: Omit<SnapshotSection, 'first' | 'counts'>, list: Change[]) => {
    const parts = await compress(list);
    const section: SnapshotSection = { ...spec, first: index, counts: [] };
    for (const part of parts) {
      await repo.putChunk(snapshotId, index++, part.body);
      section.counts.push(part.entities);
    }
    sections.push(section);
  };
  for (const type of Sync.syncOrder) {
    const all = ordered(type, byType.get(type) ?? []);
    if (all.length === 0) continue;
    for (const spec of sectionSpecs(type)) {
      const projected = (entity: Entity): Change => ({
        type,
        entity: spec.projection ? Sync.project(type, { projection: spec.projection }, entity) : entity,
      });
      if (!spec.scope) {
        await write({ type, ...spec }, all.map(projected));
        continue;
      }
      // One section per partition key, records in the type's order.
      const parts = new Map<string, Change[]>();
      for (const entity of all) {
        for (const key of new Set(Sync.scopeKeysOf(spec.scope, entity))) {
          const list = parts.get(key);
          if (list) list.push(projected(entity));
          else parts.set(key, [projected(entity)]);
        }
      }
      // The marker that this type is partitioned by the scope (even when no record is anyone's).
      await write({ type, ...spec }, []);
      for (const [part, list] of parts) await write({ type, ...spec, part }, list);
    }
  }
  await repo.publish({
    snapshotId,
    chunks: index,
    entities,
    cursor: cursor as string,
    createdAt: now().toISOString(),
    sections,
  });
  return { snapshotId, chunks: index, entities };
}

/** The gzipped page bodies for `changes`, cut by size (see `PAGE_JSON_BYTES`), halved until each fits an item. */
async function compress(changes: Change[]): Promise<{ body: Uint8Array; entities: number }[]> {
  const out: { body: Uint8Array; entities: number }[] = [];
  let page: string[] = [];
  let bytes = 0;
  const flush = async (parts: string[]) => {
    const body = await gz(`{"changes":[${parts.join(',')}]}`);
    if (body.length <= MAX_CHUNK_BYTES || parts.length === 1) {
      out.push({ body, entities: parts.length });
      return;
    }
    const half = Math.ceil(parts.length / 2);
    await flush(parts.slice(0, half));
    await flush(parts.slice(half));
  };
  for (const change of changes) {
    const json = JSON.stringify(change);
    if (page.length && (bytes + json.length > PAGE_JSON_BYTES || page.length >= PAGE_MAX_ENTITIES)) {
      await flush(page);
      page = [];
      bytes = 0;
    }
    page.push(json);
    bytes += json.length + 1;
  }
  if (page.length) await flush(page);
  return out;
}
