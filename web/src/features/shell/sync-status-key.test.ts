import { describe, expect, it } from 'vitest';
import { syncStatusKey } from './sync-status-key';

describe('sync status prompt (spec 000 section 2.2)', () => {
  it.each([
    // "synced, syncing one item, syncing many, and offline not synced (with an items-awaiting-sync count)"
    ['synced', 0, 'sync.status-synced', 0],
    ['syncing', 0, 'sync.status-syncing', 0],
    ['syncing', 1, 'sync.status-syncing-one', 1],
    ['syncing', 7, 'sync.status-syncing-many', 7],
    ['offline', 0, 'sync.status-offline-not-synced', 0],
    ['offline', 3, 'sync.status-offline-not-synced', 3],
  ] as const)('%s with %i pending -> %s', (state, pending, key, count) => {
    expect(syncStatusKey(state, pending)).toEqual({ key, count });
  });
});
