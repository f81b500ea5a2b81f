import { describe, expect, it } from 'vitest';
import { changesOf, generate } from '../../../../scripts/seed/generate.ts';
import type { EntitySet } from './cache.ts';
import { decodeEntitySet, encodeEntitySet } from './entity-codec.ts';

const setOf = (entities: { _id: string }[], gone: Record<string, number> = {}): EntitySet => ({
  byId: Object.fromEntries(entities.map((e) => [e._id, e])) as never,
  gone,
});

describe('entity codec (how an entity set is stored in IndexedDB)', () => {
  it('gives back every entity of the town data set as it was, whatever its shape', async () => {
    const dataset = await generate('town', { accountId: 'acct', today: '2026-11-01' });
    const byType = new Map<string, { _id: string }[]>();
    for (const { type, entity } of changesOf(dataset))
      byType.set(type, [...(byType.get(type) ?? []), entity]);
    for (const [type, entities] of byType) {
      const set = setOf(entities, type === 'customer' ? { gone1: 3 } : {});
      const back = decodeEntitySet(encodeEntitySet(set)!);
      expect(back, type).toEqual(set);
      expect(Object.keys(back!.byId), type).toEqual(Object.keys(set.byId));
    }
  }, 60_000);

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
