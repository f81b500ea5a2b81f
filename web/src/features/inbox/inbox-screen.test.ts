import type { Entity, Notifications } from '@roundwise/core';
import { describe, expect, it } from 'vitest';
import { localFolder, outboxOf } from './inbox-screen';

const n = (id: string, extra: Partial<Notifications.Notification>) =>
  ({
    _id: id,
    type: 'SMS',
    customerId: 'c1',
    address: '07700900001',
    addressee: 'Ann',
    status: 'pending',
    statusHistory: [],
    timestamp: '2026-03-04T10:00:00Z',
    createdDate: '2026-03-04T10:00:00Z',
    sent: false,
    unread: false,
    message: 'x',
    attempt: 0,
    credits: 1,
    refunded: false,
    _version: 1,
    ...extra,
  }) as Entity<Notifications.Notification>;

describe('the outbox (spec 002 section 4: pending messages are outbox items)', () => {
  it('holds outgoing messages not sent, not failed, not scheduled, newest first', () => {
    const rows = outboxOf([
      n('waiting', {}),
      n('newer', { createdDate: '2026-03-05T10:00:00Z' }),
      n('sent', { sent: true, status: 'sent' }),
      n('failed', { status: 'failed' }),
      n('scheduled', { status: 'scheduled' }),
      n('reply', { type: 'SMSReply', status: 'delivered' }),
    ]);
    expect(rows.map((r) => r._id)).toEqual(['newer', 'waiting']);
  });

  it("a folder paints from the device's messages with the server's filters, newest first", () => {
    const local = [
      n('out', { sent: true, status: 'delivered' }),
      n('reply', {
        type: 'SMSReply',
        status: 'delivered',
        unread: true,
        createdDate: '2026-03-05T10:00:00Z',
      }),
      n('read-reply', { type: 'EmailReply', status: 'delivered' }),
      n('later', { status: 'scheduled' }),
    ];
    expect(localFolder(local, 'inbox').map((r) => r._id)).toEqual(['reply', 'read-reply']);
    expect(localFolder(local, 'unread').map((r) => r._id)).toEqual(['reply']);
    expect(
      localFolder(local, 'sent')
        .map((r) => r._id)
        .sort(),
    ).toEqual(['later', 'out']);
    expect(localFolder(local, 'scheduled').map((r) => r._id)).toEqual(['later']);
  });
});
