import { describe, expect, it } from 'vitest';
import type { Entity } from '../entity.ts';
import { stampPut, stampRemove } from './stamp.ts';

const now = new Date('2026-03-01T09:00:00.000Z');

describe('stamping (every Store: server, MemoryStore, the browser cache)', () => {
  it('stamps a new entity at version 1 and ignores meta the caller passed', () => {
    const stored = stampPut(
      undefined,
      { _id: 't1', name: 'North', _version: 9, _deleted: true } as never,
      now,
    );
    expect(stored).toEqual({ _id: 't1', name: 'North', _version: 1, _updatedAt: now.toISOString() });
  });

  it('stamps a write one version above the previous copy, a tombstone included', () => {
    const prev = { _id: 't1', _version: 4, _updatedAt: '', _deleted: true } as Entity;
    expect(stampPut(prev, { _id: 't1', name: 'South' }, now)._version).toBe(5);
  });

  it('removes a live entity with a tombstone one version up; nothing live, nothing to write', () => {
    const live = { _id: 't1', _version: 2, _updatedAt: '' } as Entity;
    expect(stampRemove(live, 't1', now)).toEqual({
      _id: 't1',
      _version: 3,
      _updatedAt: now.toISOString(),
      _deleted: true,
    });
    expect(stampRemove(undefined, 't1', now)).toBeUndefined();
    expect(stampRemove({ ...live, _deleted: true }, 't1', now)).toBeUndefined();
  });
});
