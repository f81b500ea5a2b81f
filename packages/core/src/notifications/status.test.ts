import { describe, expect, it } from 'vitest';
import type { StatusEntry } from './schema.ts';
import { canCancel, displayStatus, isPending, statusFromHistory, statusLook } from './status.ts';

describe('displayStatus (spec 000 section 4, raw to display)', () => {
  it.each([
    ['pending', 'pending'],
    ['sending', 'pending'],
    ['sent', 'sent'],
    ['processed', 'sent'],
    ['delivered', 'delivered'],
    ['open', 'opened'],
    ['click', 'read'],
    ['deferred', 'failed'],
    ['bounce', 'failed'],
    ['dropped', 'failed'],
    ['failed', 'failed'],
    ['cancelled', 'cancelled'],
    ['scheduled', 'scheduled'],
    ['spamreport', 'Unknown'],
    ['toString', 'Unknown'],
    [undefined, 'Unknown'],
  ] as const)('%s -> %s', (raw, display) => expect(displayStatus(raw)).toBe(display));

  it('colours and icons: delivered green, read and opened a green double tick, failed red', () => {
    expect(statusLook('delivered')).toEqual({ colour: 'green', icon: 'check' });
    expect(statusLook('read')).toEqual({ colour: 'green', icon: 'double-check' });
    expect(statusLook('opened')).toEqual({ colour: 'green', icon: 'double-check' });
    expect(statusLook('failed').colour).toBe('red');
  });
});

const h = (...statuses: string[]): StatusEntry[] =>
  statuses.map((status, i) => ({ status, timestamp: `2026-11-21T09:00:0${i}Z` }));

describe('statusFromHistory: events in any order', () => {
  it.each([
    [['pending'], 'pending'],
    [['pending', 'sent'], 'sent'],
    [['pending', 'sent', 'delivered'], 'delivered'],
    [['pending', 'delivered', 'sent'], 'delivered'], // the callback overtook our own record
    [['pending', 'open', 'delivered', 'sent'], 'open'],
    [['pending', 'sent', 'click', 'open'], 'click'],
    [['pending', 'sent', 'deferred'], 'deferred'],
    [['pending', 'sent', 'deferred', 'delivered'], 'delivered'],
    [['pending', 'sent', 'bounce'], 'bounce'],
    [['pending', 'sent', 'delivered', 'bounce'], 'delivered'], // a late bounce does not undo delivery
    [['pending', 'sent', 'failed', 'pending', 'sent'], 'sent'], // a retry starts afresh
    [['scheduled'], 'scheduled'],
    [['scheduled', 'cancelled'], 'cancelled'],
    [['scheduled', 'sending', 'sent'], 'sent'],
  ])('%j -> %s', (statuses, expected) => expect(statusFromHistory(h(...statuses))).toBe(expected));
});

describe('the pending rule and cancelling', () => {
  it('pending shows when not sent, not failed and not scheduled', () => {
    expect(isPending({ sent: false, status: 'pending' })).toBe(true);
    expect(isPending({ sent: true, status: 'sent' })).toBe(false);
    expect(isPending({ sent: false, status: 'bounce' })).toBe(false);
    expect(isPending({ sent: false, status: 'scheduled' })).toBe(false);
  });
  it('cancel only a scheduled message whose time is still in the future', () => {
    const now = new Date('2026-11-21T09:00:00Z');
    const at = now.getTime() / 1000;
    expect(canCancel({ status: 'scheduled', sendAtSecondsTimestamp: at + 60 }, now)).toBe(true);
    expect(canCancel({ status: 'scheduled', sendAtSecondsTimestamp: at }, now)).toBe(false);
    expect(canCancel({ status: 'pending', sendAtSecondsTimestamp: at + 60 }, now)).toBe(false);
  });
});
