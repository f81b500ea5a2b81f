import type { Notifications } from '@roundwise/core';
import { describe, expect, it } from 'vitest';
import { canCancel, groupByDay, statusKey, toView } from './message-view';

const base: Notifications.Notification = {
  _id: 'n1',
  type: 'SMS',
  customerId: 'c1',
  address: '+447700900001',
  addressee: 'Ann',
  status: 'pending',
  statusHistory: [],
  timestamp: '2026-03-04T10:00:00.000Z',
  createdDate: '2026-03-04T10:00:00.000Z',
  sent: false,
  unread: false,
  message: 'See you tomorrow',
  attempt: 0,
  credits: 1,
  refunded: false,
};

describe('message status (spec 000 section 4)', () => {
  it('shows the spec display status, Unknown under its own key', () => {
    expect(toView({ ...base, status: 'click' }).status).toBe('read');
    expect(statusKey(toView({ ...base, status: 'spamreport' }).status)).toBe('messages.status-unknown');
  });

  it('pending shows when not sent, not failed and not scheduled', () => {
    expect(toView(base).pending).toBe(true);
    expect(toView({ ...base, sent: true, status: 'sent' }).pending).toBe(false);
    expect(toView({ ...base, status: 'bounce' }).pending).toBe(false);
    expect(toView({ ...base, status: 'scheduled' }).pending).toBe(false);
  });

  it('cancel only a scheduled message whose time is still ahead', () => {
    const now = new Date('2026-03-04T12:00:00Z');
    const at = (iso: string) => Date.parse(iso) / 1000;
    expect(
      canCancel(
        toView({ ...base, status: 'scheduled', sendAtSecondsTimestamp: at('2026-03-05T09:00:00Z') }),
        now,
      ),
    ).toBe(true);
    expect(
      canCancel(
        toView({ ...base, status: 'scheduled', sendAtSecondsTimestamp: at('2026-03-04T09:00:00Z') }),
        now,
      ),
    ).toBe(false);
    expect(
      canCancel(
        toView({ ...base, status: 'failed', sendAtSecondsTimestamp: at('2026-03-05T09:00:00Z') }),
        now,
      ),
    ).toBe(false);
  });

  it('groups by the first 10 characters of the date, in order', () => {
    const views = ['2026-03-03T23:59:00Z', '2026-03-04T00:01:00Z', '2026-03-04T18:00:00Z'].map((d, i) =>
      toView({ ...base, _id: `n${i}`, createdDate: d }),
    );
    expect(groupByDay(views).map((g) => [g.day, g.messages.length])).toEqual([
      ['2026-03-03', 1],
      ['2026-03-04', 2],
    ]);
  });
});
