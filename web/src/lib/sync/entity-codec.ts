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
  const encoder = new RowEncoder(set);
  return encoder.encode(Number.POSITIVE_INFINITY) === undefined ? undefined : encoder.text();
}

/**
 * The same text, built `slice` entities at a time with `pause()` awaited between slices, so a
 * large set (220,000 visits) is written without a long task on the page: the slices' JSON joined
 * is the JSON `encodeEntitySet` gives.
 */
export async function encodeEntitySetInSlices(
  set: EntitySet,
  pause: () => Promise<void>,
  slice = 10_000,
): Promise<string | undefined> {
  const encoder = new RowEncoder(set);
  for (;;) {
    const more = encoder.encode(slice);
    if (more === undefined) return undefined;
    if (!more) return encoder.text();
    await pause();
  }
}

/** Builds the rows of a set a slice at a time; the shapes found so far are shared by every slice. */
class RowEncoder {
  private readonly shapes: string[][] = [];
  private readonly shapeIndex = new Map<string, number>();
  private readonly pieces: string[] = [];
  // The keys only (`Object.entries` of 220,000 visits makes as many pairs, in one long task).
  private readonly keys: string[];
  private at = 0;

  constructor(private readonly set: EntitySet) {
    this.keys = Object.keys(set.byId);
  }

  /** Encodes up to `count` more entities: true when more remain, undefined when the set cannot be held. */
  encode(count: number): boolean | undefined {
    const end = Math.min(this.keys.length, this.at + count);
    const rows: unknown[][] = [];
    for (; this.at < end; this.at++) {
      const key = this.keys[this.at]!;
      const e = this.set.byId[key] as Record<string, unknown>;
      if (e._id !== key) return undefined;
      const keys = Object.keys(e).filter((k) => e[k] !== undefined);
      const id = keys.join('\u0000');
      let at = this.shapeIndex.get(id);
      if (at === undefined) {
        at = this.shapes.push(keys) - 1;
        this.shapeIndex.set(id, at);
      }
      const row = new Array<unknown>(keys.length + 1);
      row[0] = at;
      for (let k = 0; k < keys.length; k++) row[k + 1] = e[keys[k]!];
      rows.push(row);
    }
    if (rows.length) this.pieces.push(JSON.stringify(rows).slice(1, -1));
    return this.at < this.keys.length;
  }

  text(): string {
    const head: Omit<EncodedEntitySet, 'rows' | 'gone'> = { v: ENTITY_CODEC_VERSION, shapes: this.shapes };
    // `{"v":1,"shapes":[...],"rows":[...],"gone":{...}}`, as JSON.stringify of the whole would give.
    return `${JSON.stringify(head).slice(0, -1)},"rows":[${this.pieces.join(',')}],"gone":${JSON.stringify(this.set.gone)}}`;
  }
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
