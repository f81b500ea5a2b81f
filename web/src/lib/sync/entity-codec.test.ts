import { describe, expect, it } from 'vitest';
import { changesOf, generate } from '../../../../scripts/seed/generate.ts';
import type { EntitySet } from './cache.ts';
import { decodeEntitySet, encodeEntitySet, encodeEntitySetInSlices } from './entity-codec.ts';

const setOf = (entities: { _id: string }[], gone: Record<string, number> = {}): EntitySet => ({
  byId: Object.fromEntries(entities.map((e) => [e._id, e])) as never,
  gone,
});

describe('entity codec (how an entity set is stored in IndexedDB)', () => {
  it('gives back every entity of the town data set as it was, whatever its shape', async () => {
    const dataset = await generate('town', { accountId: 'acct', today: '2026-11-01' });
    const byType = new Map<string, { _id: string }[]>();
    for (const { type, entity } of changesOf(dataset)) {
      const list = byType.get(type);
      if (list) list.push(entity);
      else byType.set(type, [entity]);
    }
    for (const [type, entities] of byType) {
      const set = setOf(entities, type === 'customer' ? { gone1: 3 } : {});
      const back = decodeEntitySet(encodeEntitySet(set)!);
      expect(back, type).toEqual(set);
      expect(Object.keys(back!.byId), type).toEqual(Object.keys(set.byId));
    }
  }, 60_000); // generating and comparing 40,000 entities takes seconds on a loaded machine

  it('keeps nested values, nulls, optional keys present or absent, and tombstones', () => {
    const set = setOf(
      [
        { _id: 'a', _version: 2, name: 'A', address: { lngLat: [0.1, 52.2] }, notes: null },
        { _id: 'b', _version: 1, name: 'B', tags: ['x', 'y'] },
        { _id: 'c', _version: 1, name: 'C', address: { lngLat: [0.3, 52.1] }, notes: 'side gate' },
      ] as never,
      { d: 4 },
    );
    expect(decodeEntitySet(encodeEntitySet(set)!)).toEqual(set);
  });

  it('leaves out a key whose value is undefined, as JSON does', () => {
    const set = setOf([{ _id: 'a', _version: 1, email: undefined } as never]);
    const back = decodeEntitySet(encodeEntitySet(set)!)!;
    expect(back.byId.a).toEqual({ _id: 'a', _version: 1 });
    expect('email' in back.byId.a!).toBe(false);
  });

  it('declines a set holding an entity under another key than its _id (stored as a clone instead)', () => {
    expect(encodeEntitySet({ byId: { a: { _id: 'b', _version: 1 } } as never, gone: {} })).toBeUndefined();
  });

  it('does not decode a layout it does not know', () => {
    expect(decodeEntitySet(JSON.stringify({ v: 99, shapes: [], gone: {} }))).toBeUndefined();
  });
});

describe('encodeEntitySetInSlices (a large set written without a long task)', () => {
  it('gives the same text as encoding at once, pausing between slices', async () => {
    const entities = Array.from({ length: 2500 }, (_, i) =>
      i % 3
        ? { _id: `e${i}`, _version: 1, name: `N${i}` }
        : { _id: `e${i}`, _version: 2, notes: 'x', tags: [i] },
    );
    const set = setOf(entities, { gone1: 4 });
    let pauses = 0;
    const text = await encodeEntitySetInSlices(set, async () => void pauses++, 1000);
    expect(pauses).toBe(2);
    expect(text).toBe(encodeEntitySet(set));
    expect(text).toBe(
      JSON.stringify({
        v: 1,
        shapes: [
          ['_id', '_version', 'notes', 'tags'],
          ['_id', '_version', 'name'],
        ],
        rows: JSON.parse(text!).rows,
        gone: { gone1: 4 },
      }),
    );
    expect(decodeEntitySet(text!)).toEqual(set);
    expect(await encodeEntitySetInSlices(setOf([]), async () => {})).toBe(encodeEntitySet(setOf([])));
  });

  it('declines the same sets as encoding at once', async () => {
    const bad = { byId: { a: { _id: 'b', _version: 1 } } as never, gone: {} };
    expect(await encodeEntitySetInSlices(bad, async () => {})).toBeUndefined();
  });
});
