import { Quotes } from '@roundwise/core';
import { describe, expect, it } from 'vitest';
import { describeFrequency, emptyItem, firstProblem, newDraft } from './quote-draft';

const settings = Quotes.settingsOrDefault(undefined);
const draft = (over = {}) => ({
  ...newDraft(settings, '2026-11-21', 'GBP'),
  customerId: 'c1',
  items: [{ ...emptyItem(), title: 'Windows', unitPrice: '20' }],
  ...over,
});

describe('the quote form before saving (spec 000 section 5)', () => {
  it('a new quote expires after the default 30 days, or the settings say otherwise', () => {
    expect(newDraft(settings, '2026-11-21', 'GBP').expiry).toBe('2026-12-21');
    expect(newDraft({ ...settings, defaultExpiryDays: 7 }, '2026-11-21', 'GBP').expiry).toBe('2026-11-28');
  });

  it.each([
    ['a valid quote', draft(), 'Core', undefined],
    [
      'a second job below Advanced',
      draft({ items: [emptyItem(), emptyItem()] }),
      'Core',
      'quote.upgrade-for-more-jobs',
    ],
    ['notes over 10000 characters', draft({ notes: 'x'.repeat(10_001) }), 'Ultimate', 'quote.notes-too-long'],
    ['an item without a title', draft({ items: [emptyItem()] }), 'Ultimate', 'quote.item-title-required'],
    [
      'a price that is not a number',
      draft({ items: [{ ...emptyItem(), title: 'W', unitPrice: 'abc' }] }),
      'Ultimate',
      'general.validation-failed',
    ],
    ['no customer', draft({ customerId: '' }), 'Ultimate', 'general.validation-failed'],
    [
      'a declined state with no reason',
      draft({ state: 'declined' }),
      'Ultimate',
      'quote.decline-reason-required',
    ],
  ] as const)('%s: %s', (_what, d, level, problem) => {
    expect(firstProblem(d, level)).toBe(problem);
  });

  it('describes frequencies as the customer reads them', () => {
    expect([
      describeFrequency('OneOff', 1),
      describeFrequency('Weeks', 4),
      describeFrequency('MonthsDayOfMonth', 1),
    ]).toEqual(['One-off', 'Every 4 weeks', 'Every month']);
  });
});
