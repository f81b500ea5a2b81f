import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';

type Key = { pk: string; sk: string };
interface Waiting {
  key: Key;
  resolve: (item: Record<string, unknown> | undefined) => void;
  reject: (error: unknown) => void;
}

/** BatchGetItem's most keys in one request. */
const MAX_KEYS = 100;
const queues = new WeakMap<Db, Waiting[]>();

/**
 * One strongly consistent item read, sent together with every other read asked for before the
 * event loop next turns (`setImmediate`: after the microtasks of whatever asked): one
 * `BatchGetItem` instead of one `GetItem` each. A command reads its answer record and its first
 * records this way in one round trip instead of two side by side (each request costs the SDK's
 * serialising and signing, and the table's request overhead: a third of a command's CPU was its
 * three requests). Same consistency as `GetItem`; keys the table leaves unprocessed are asked again.
 */
export function readItem(db: Db, key: Key): Promise<Record<string, unknown> | undefined> {
  return new Promise((resolve, reject) => {
    let queue = queues.get(db);
    if (!queue) {
      queue = [];
      queues.set(db, queue);
      setImmediate(() => {
        queues.delete(db);
        for (let i = 0; i < queue!.length; i += MAX_KEYS) void send(db, queue!.slice(i, i + MAX_KEYS));
      });
    }
    queue.push({ key, resolve, reject });
  });
}

const id = (key: Key) => `${key.pk}\u0000${key.sk}`;

async function send(db: Db, waiting: Waiting[]) {
  try {
    const found = new Map<string, Record<string, unknown>>();
    let keys = [...new Map(waiting.map((w) => [id(w.key), w.key])).values()];
    for (let attempt = 0; keys.length > 0; attempt++) {
      if (attempt > 8) throw new Error(`readItem: ${keys.length} keys still unprocessed`);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 10));
      const { Responses, UnprocessedKeys } = await db.doc.send(
        new BatchGetCommand({ RequestItems: { [db.tableName]: { Keys: keys, ConsistentRead: true } } }),
      );
      for (const item of Responses?.[db.tableName] ?? []) found.set(id(item as Key), item);
      keys = (UnprocessedKeys?.[db.tableName]?.Keys ?? []) as Key[];
    }
    for (const w of waiting) w.resolve(found.get(id(w.key)));
  } catch (error) {
    for (const w of waiting) w.reject(error);
  }
}
