import type { Entity, Notifications } from '@roundwise/core';
import { describe, expect, it } from 'vitest';
import { threadMessages } from './message-thread';

const n = (id: string, createdDate: string, extra: Partial<Notifications.Notification> = {}) =>
  ({
    _id: id,
    type: 'Email',
    customerId: 'c1',
    address: 'ann@example.com',
    addressee: 'Ann',
    status: 'delivered',
    statusHistory: [],
    timestamp: createdDate,
    createdDate,
    sent: true,
    unread: false,
    message: id,
    _version: 1,
    ...extra,
  }) as Entity<Notifications.Notification>;

describe('the thread (spec 000 section 2.6)', () => {
  it('oldest first, cancelled hidden, a message written on the device shown before the server lists it', () => {
    const page = [
      n('b', '2026-03-04T10:00:00Z'),
      n('a', '2026-03-03T10:00:00Z'),
      n('x', '2026-03-04T11:00:00Z', { status: 'cancelled' }),
    ];
    const local = [
      n('c', '2026-03-05T09:00:00Z', { status: 'pending', sent: false }),
      n('old', '2026-01-01T00:00:00Z'),
    ];
    expect(threadMessages([page], local, false).map((m) => m.id)).toEqual(['a', 'b', 'c']);
    // Once every page is loaded, the device's older copies belong too.
    expect(threadMessages([page], local, true).map((m) => m.id)).toEqual(['old', 'a', 'b', 'c']);
  });

  it("the device's newer copy of a listed message wins (a retry made here)", () => {
    const page = [n('a', '2026-03-03T10:00:00Z', { status: 'failed', _version: 2 } as never)];
    const local = [n('a', '2026-03-03T10:00:00Z', { status: 'pending', sent: false, _version: 3 } as never)];
    expect(threadMessages([page], local, false)[0]?.status).toBe('pending');
  });

  it("before the server's first page, the device's newest 30 stand in for it", () => {
    const local = Array.from({ length: 40 }, (_, i) =>
      n(`m${String(i).padStart(2, '0')}`, `2026-03-04T10:${String(i).padStart(2, '0')}:00Z`),
    );
    const shown = threadMessages([], local, false).map((m) => m.id);
    expect(shown).toHaveLength(30);
    expect(shown[0]).toBe('m10');
    expect(shown.at(-1)).toBe('m39');
  });
});
