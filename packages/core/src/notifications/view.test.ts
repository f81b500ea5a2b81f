import { describe, expect, it } from 'vitest';
import type { Notification } from './schema.ts';
import { toMessageView } from './view.ts';

const base: Notification = {
  _id: 'n1',
  type: 'Email',
  customerId: 'c1',
  address: 'ann@example.com',
  addressee: 'Ann',
  status: 'delivered',
  statusHistory: [
    { status: 'pending', timestamp: '2026-11-21T09:00:00.000Z' },
    { status: 'sent', timestamp: '2026-11-21T09:00:01.000Z' },
    { status: 'delivered', timestamp: '2026-11-21T09:00:05.000Z' },
  ],
  timestamp: '2026-11-21T09:00:05.000Z',
  createdDate: '2026-11-21T09:00:00.000Z',
  sent: true,
  unread: false,
  message: { content: 'Hello\n\nAnn', title: 'Hi' },
  sender: 'owner@example.com',
  attempt: 0,
  credits: 1,
  refunded: false,
};

describe('toMessageView (spec 000 section 3, message view model)', () => {
  it('a delivered email: outgoing, green, its history summarised', () => {
    expect(toMessageView(base)).toMatchObject({
      id: 'n1',
      outgoing: true,
      status: 'delivered',
      statusTime: '2026-11-21T09:00:05.000Z',
      statusColour: 'green',
      failed: false,
      pending: false,
      content: 'Hello\n\nAnn',
      snippet: { type: 'Email', text: 'Hello Ann' },
      isScheduled: false,
      historySummary: ['pending 2026-11-21 09:00', 'sent 2026-11-21 09:00', 'delivered 2026-11-21 09:00'],
    });
  });

  it('a reply is incoming; a failed message is red with its reason; a scheduled one shows its time', () => {
    expect(toMessageView({ ...base, type: 'SMSReply' }).outgoing).toBe(false);
    const failed = toMessageView({
      ...base,
      status: 'failed',
      sent: false,
      statusHistory: [
        ...base.statusHistory.slice(0, 1),
        { status: 'failed', timestamp: base.timestamp, data: { reason: 'notification.address-blocklisted' } },
      ],
    });
    expect([failed.failed, failed.statusColour, failed.pending, failed.tags]).toEqual([
      true,
      'red',
      false,
      [{ color: 'red', icon: 'error', text: 'notification.address-blocklisted' }],
    ]);
    const at = Date.parse('2026-11-22T18:00:00Z') / 1000;
    const scheduled = toMessageView({
      ...base,
      status: 'scheduled',
      sent: false,
      sendAtSecondsTimestamp: at,
    });
    expect([scheduled.isScheduled, scheduled.pending, scheduled.statusTime]).toEqual([
      true,
      false,
      '2026-11-22T18:00:00.000Z',
    ]);
  });

  it('cuts a long snippet', () => {
    expect(toMessageView({ ...base, message: 'x'.repeat(300) }).snippet.text).toHaveLength(100);
  });
});
