import { describe, expect, it } from 'vitest';
import { MemoryStore } from './memory-store.ts';

describe('MemoryStore stamping rules', () => {
  it('stamps _version +1 and _updatedAt on every put, ignoring values a caller sends', async () => {
    const store = new MemoryStore(() => new Date('2026-11-21T10:00:00.000Z'));
    const first = await store.put('service', { _id: 's1', name: 'Windows', _version: 99 } as {
      _id: string;
      name: string;
    });
    expect(first).toMatchObject({ _id: 's1', _version: 1, _updatedAt: '2026-11-21T10:00:00.000Z' });
    const second = await store.put('service', { ...first, name: 'Windows and frames' });
    expect(second._version).toBe(2);
  });

  it('hides tombstones from get, list and listBy but keeps them as changes to sync', async () => {
    const store = new MemoryStore();
    await store.put('job', { _id: 'j1', customerId: 'c1' });
    await store.put('job', { _id: 'j2', customerId: 'c1' });
    await store.remove('job', 'j1');
    expect(await store.get('job', 'j1')).toBeUndefined();
    expect((await store.list('job')).map((j) => j._id)).toEqual(['j2']);
    expect((await store.listBy('job', 'c1')).map((j) => j._id)).toEqual(['j2']);
    expect(store.changes.at(-1)?.entity).toMatchObject({ _id: 'j1', _deleted: true, _version: 2 });
  });
});

describe('MemoryStore at the seed scale', () => {
  it('finds entities by their indexed parent as it changes, and hands out frozen entities', async () => {
    const store = new MemoryStore();
    await store.put('job', { _id: 'j1', customerId: 'c1', rounds: ['r1'] });
    const moved = await store.put('job', { _id: 'j1', customerId: 'c2', rounds: ['r1'] });
    expect(await store.listBy('job', 'c1')).toEqual([]);
    expect((await store.listBy('job', 'c2')).map((j) => j._id)).toEqual(['j1']);
    // A caller that changes what it read is told at once, not left to change the store.
    expect(() => {
      (moved as { customerId: string }).customerId = 'c3';
    }).toThrow(TypeError);
    expect(() => (moved as unknown as { rounds: string[] }).rounds.push('r2')).toThrow(TypeError);
    expect(await store.get('job', 'j1')).toMatchObject({ customerId: 'c2', rounds: ['r1'] });
  });
});
