import type { EntitySet } from './cache.ts';

/**
 * How an entity set is stored in IndexedDB: JSON text of its entities as rows of values, each row
 * starting with the index of its shape (its keys, in order), instead of the structured clone of
 * `{ byId, gone }`. Chromium gives the town data set (about 40,000 entities) back this way in about
 * three quarters of the time: JSON.parse of rows of values, then one loop building the objects,
 * beats deserialising 40,000 objects with all their keys (`scripts/bench/restore-experiment.ts`,
 * docs/benchmarks.md). The entities keep their order (lists show them in it). JSON is what they
 * came over the wire as, so nothing is lost: a key whose value is `undefined` is left out, as
 * `JSON.stringify` does with an object.
 */
export interface EncodedEntitySet {
  /** The layout's version: a value in another layout is not decoded (the persister drops it). */
  v: 1;
  shapes: string[][];
  /** `[shapeIndex, ...values]` per entity, in `byId` order. */
  rows: unknown[][];
  gone: Readonly<Record<string, number>>;
}

export const ENTITY_CODEC_VERSION = 1;

/**
 * The text to store, or undefined when the set is not one this layout can hold exactly (an entity
 * kept under a key other than its `_id`): the persister then stores it as a structured clone.
 */
export function encodeEntitySet(set: EntitySet): string | undefined {
  const shapes: string[][] = [];
  const shapeIndex = new Map<string, number>();
  const rows: unknown[][] = [];
  for (const [key, entity] of Object.entries(set.byId)) {
    const e = entity as Record<string, unknown>;
    if (e._id !== key) return undefined;
    const keys = Object.keys(e).filter((k) => e[k] !== undefined);
    const id = keys.join('\u0000');
    let at = shapeIndex.get(id);
    if (at === undefined) {
      at = shapes.push(keys) - 1;
      shapeIndex.set(id, at);
    }
    const row = new Array<unknown>(keys.length + 1);
    row[0] = at;
    for (let k = 0; k < keys.length; k++) row[k + 1] = e[keys[k]!];
    rows.push(row);
  }
  const encoded: EncodedEntitySet = { v: ENTITY_CODEC_VERSION, shapes, rows, gone: set.gone };
  return JSON.stringify(encoded);
}

/** The entity set back, or undefined when the text is in a layout this version does not know. */
export function decodeEntitySet(text: string): EntitySet | undefined {
  const encoded = JSON.parse(text) as EncodedEntitySet;
  if (encoded?.v !== ENTITY_CODEC_VERSION) return undefined;
  const { shapes, rows } = encoded;
  const idAt = shapes.map((keys) => keys.indexOf('_id') + 1);
  const byId: Record<string, never> = {};
  for (const row of rows) {
    const shape = row[0] as number;
    const keys = shapes[shape]!;
    const entity: Record<string, unknown> = {};
    for (let k = 0; k < keys.length; k++) entity[keys[k]!] = row[k + 1];
    byId[row[idAt[shape]!] as string] = entity as never;
  }
  return { byId, gone: encoded.gone };
}
