import type { Entity, Quotes } from '@roundwise/core';
import { describe, expect, it } from 'vitest';
import { buildQuoteIndex, queryQuotes } from './quote-search';

const quote = (id: string, over: Partial<Quotes.Quote>): Entity<Quotes.Quote> =>
  ({
    _id: id,
    _version: 1,
    _updatedAt: '',
    customerId: 'c1',
    name: '',
    state: 'pending',
    items: [],
    currency: 'GBP',
    date: '2026-11-01',
    expiry: '2026-12-31',
    taxRate: 0,
    priceIncludesTax: true,
    notes: '',
    discountTotal: 0,
    subtotal: 0,
    totalTax: 0,
    total: 0,
    createdDate: '2026-11-01T10:00:00Z',
    ...over,
  }) as Entity<Quotes.Quote>;

const quotes = [
  quote('a', { quoteNumber: 'Q-1', name: 'Windows', createdDate: '2026-11-01T10:00:00Z', sentDate: 'x' }),
  quote('b', { quoteNumber: 'Q-2', name: 'Gutters', customerId: 'c2', createdDate: '2026-11-03T10:00:00Z' }),
  quote('c', { name: 'Conservatory roof', state: 'declined', createdDate: '2026-11-02T10:00:00Z' }),
  quote('d', {
    quoteNumber: 'Q-3',
    name: 'Fascia',
    expiry: '2026-11-10',
    createdDate: '2026-10-01T10:00:00Z',
  }),
];
const names: Record<string, string> = { c1: 'Ann Smith', c2: 'Bob Jones' };
const index = buildQuoteIndex(quotes, (id) => names[id], new Date('2026-11-21T12:00:00Z'), 'Europe/London');
const ids = (q: Parameters<typeof queryQuotes>[1]) => queryQuotes(index, q).map((r) => r.quote._id);
const all = { text: '', state: 'all', sent: 'all', sort: 'newest' } as const;

describe('quotes list search, filters and sort (spec 000 section 2.8)', () => {
  it('sorts newest or oldest first', () => {
    expect(ids(all)).toEqual(['b', 'c', 'a', 'd']);
    expect(ids({ ...all, sort: 'oldest' })).toEqual(['d', 'a', 'c', 'b']);
  });

  it('searches number, name and customer; every word must match', () => {
    expect(ids({ ...all, text: 'bob' })).toEqual(['b']);
    expect(ids({ ...all, text: 'q-1' })).toEqual(['a']);
    expect(ids({ ...all, text: 'ann roof' })).toEqual(['c']);
    expect(ids({ ...all, text: 'nothing' })).toEqual([]);
  });

  it('filters by state (an expired pending quote is expired, not pending) and by sent', () => {
    expect(ids({ ...all, state: 'pending' })).toEqual(['b', 'a']);
    expect(ids({ ...all, state: 'expired' })).toEqual(['d']);
    expect(ids({ ...all, state: 'declined' })).toEqual(['c']);
    expect(ids({ ...all, sent: 'sent' })).toEqual(['a']);
    expect(ids({ ...all, sent: 'not-sent' })).toEqual(['b', 'c', 'd']);
  });
});
