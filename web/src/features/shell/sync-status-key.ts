import './strings.ts';
/**
 * The sync status prompt (spec 000 section 2.2): synced, syncing one item, syncing many, and
 * offline not synced with the number of items awaiting sync. A pull with nothing of ours waiting
 * just says it is syncing.
 */
export function syncStatusKey(state: 'synced' | 'syncing' | 'offline', pending: number) {
  if (state === 'offline') return { key: 'sync.status-offline-not-synced', count: pending };
  if (state === 'syncing' && pending > 1) return { key: 'sync.status-syncing-many', count: pending };
  if (state === 'syncing' && pending === 1) return { key: 'sync.status-syncing-one', count: 1 };
  // A pull with no change of ours waiting: no items to count.
  if (state === 'syncing') return { key: 'sync.status-syncing', count: 0 };
  return { key: 'sync.status-synced', count: 0 };
}
