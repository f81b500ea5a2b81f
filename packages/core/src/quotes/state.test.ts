import { describe, expect, it } from 'vitest';
import { testActor } from '../testing.ts';
import { availableActions, displayTags, expiresAt, isExpired } from './state.ts';

describe('quote expiry: the end of the expiry day in the business time zone', () => {
  it.each([
    // London in winter is UTC: the day ends at 23:59:59.999Z.
    ['2026-11-30', 'Europe/London', '2026-11-30T23:59:59.999Z'],
    // London in summer is UTC+1: the day ends an hour earlier in UTC.
    ['2026-07-01', 'Europe/London', '2026-07-01T22:59:59.999Z'],
    // The clocks go back on 25 October 2026: the 24th ends at 22:59:59.999Z (still BST).
    ['2026-10-24', 'Europe/London', '2026-10-24T22:59:59.999Z'],
    ['2026-10-25', 'Europe/London', '2026-10-25T23:59:59.999Z'],
    ['2026-11-30', 'Australia/Sydney', '2026-11-30T12:59:59.999Z'],
    ['2026-11-30', 'America/New_York', '2026-12-01T04:59:59.999Z'],
    // A zone stored before zones were checked is read as the default, never a failed page.
    ['2026-07-01', 'Mars/Olympus_Mons', '2026-07-01T22:59:59.999Z'],
  ])('%s in %s ends at %s', (expiry, zone, end) => {
    expect(expiresAt(expiry, zone).toISOString()).toBe(end);
  });

  it('is not expired during its last day there, and is the moment after', () => {
    const q = { expiry: '2026-07-01' };
    expect(isExpired(q, new Date('2026-07-01T22:59:59Z'), 'Europe/London')).toBe(false);
    expect(isExpired(q, new Date('2026-07-01T23:00:00Z'), 'Europe/London')).toBe(true);
    // The same instant is still the 1st in New York.
    expect(isExpired(q, new Date('2026-07-01T23:00:00Z'), 'America/New_York')).toBe(false);
  });
});

describe('display tags and actions (spec 000 section 4)', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  const base = { state: 'pending' as const, expiry: '2026-12-01' };

  it.each([
    [{ ...base }, ['pending', 'not-sent']],
    [{ ...base, expiry: '2026-11-20' }, ['expired', 'pending', 'not-sent']],
    [
      { ...base, state: 'accepted' as const, expiry: '2026-11-20', sentDate: 'x', firstViewedDate: 'y' },
      ['accepted', 'sent', 'viewed'],
    ],
    [
      { ...base, state: 'declined' as const, transferred: { newOwnerId: 'o', transferDate: 'd' } },
      ['declined', 'transferred', 'not-sent'],
    ],
    [{ ...base, state: 'accepted' as const, convertedDate: 'z' }, ['accepted', 'not-sent', 'converted']],
  ])('%j: %j', (q, tags) => {
    expect(displayTags(q, now, 'Europe/London')).toEqual(tags);
  });

  it('offers accept/decline only when pending, the payment invite only when accepted without an automatic method', () => {
    const owner = testActor();
    expect(availableActions(base, owner, {})).toEqual(['mark-accepted', 'mark-declined', 'convert']);
    const acceptedQ = { ...base, state: 'accepted' as const };
    expect(availableActions(acceptedQ, owner, {})).toContain('payment-invite');
    expect(availableActions(acceptedQ, owner, { automaticPaymentMethod: 'card' })).not.toContain(
      'payment-invite',
    );
    expect(availableActions({ ...acceptedQ, convertedDate: 'x' }, owner, {})).toContain(
      'booking-confirmation',
    );
    expect(availableActions(base, testActor({ flags: ['marketplaceSeller'] }), {})).toContain('sell-as-lead');
    expect(
      availableActions({ ...base, state: 'declined' }, testActor({ flags: ['marketplaceSeller'] }), {}),
    ).not.toContain('sell-as-lead');
    expect(availableActions(base, testActor({ developerMode: true }), {})).toContain('transfer-lead');
    expect(availableActions(base, testActor({ roles: ['Worker'] }), {})).toEqual([]);
  });
});
