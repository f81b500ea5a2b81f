import type { Change, Entity } from '@roundwise/core';

/**
 * What a restore never takes back (docs/backups.md): records of something that happened outside
 * the account's data. A restore brings back data; it never undoes or repeats an effect.
 * - The credit balance: credits were paid for, or spent on messages that went.
 * - Messages: each one's delivery is history (sent, delivered, cancelled, a customer's reply).
 * - Payments with a provider's counterpart (`externalIds`): the money moved at the provider.
 */
export function standsAsItIs(change: Change): boolean {
  switch (change.type) {
    case 'creditBalance':
    case 'notification':
      return true;
    case 'transaction':
      return Object.keys((change.entity as { externalIds?: object }).externalIds ?? {}).length > 0;
    default:
      return false;
  }
}

/** Raw statuses of a message still to be sent (notifications/status.ts maps them for display). */
const TO_BE_SENT = new Set(['scheduled', 'pending', 'sending']);

/**
 * The form in which the backup's record comes back over `live` (the record as it stands now, if it
 * does), or undefined when the restore leaves it alone:
 * - an effect record that stands now (`standsAsItIs`) stays as it is; the credit balance always does;
 * - a message gone since the backup comes back as history, never as something still to send: one
 *   that was waiting comes back cancelled (nothing is queued for it any more);
 * - a customer keeps the provider's state of their mandate or card as it is now, so an older
 *   mandate or card is never put back on file.
 */
export function restoredForm(backup: Change, live: Change | undefined, now: string): Change | undefined {
  if (live && standsAsItIs(live)) return undefined;
  if (backup.type === 'creditBalance') return undefined;
  if (backup.type === 'notification') {
    const n = backup.entity as Entity & { status: string; statusHistory: unknown[] };
    if (!TO_BE_SENT.has(n.status)) return backup;
    const history = [
      ...n.statusHistory,
      { status: 'cancelled', timestamp: now, data: { reason: 'restore' } },
    ];
    return { type: backup.type, entity: { ...n, status: 'cancelled', statusHistory: history } as Entity };
  }
  if (backup.type === 'customer' && live) {
    const { paymentProviderMetaData: _older, ...rest } = backup.entity as Entity & {
      paymentProviderMetaData?: unknown;
    };
    const current = (live.entity as { paymentProviderMetaData?: unknown }).paymentProviderMetaData;
    return {
      type: backup.type,
      entity: { ...rest, ...(current ? { paymentProviderMetaData: current } : {}) } as Entity,
    };
  }
  return backup;
}
