import { type Entity, Quotes } from '@roundwise/core';

export type StateFilter = 'all' | Quotes.QuoteState | 'expired';
export type SentFilter = 'all' | 'sent' | 'not-sent';
export type QuoteSort = 'newest' | 'oldest';

export interface QuoteRow {
  quote: Entity<Quotes.Quote>;
  customerName: string;
  /** Lower-cased: number, name, customer, address. */
  text: string;
  expired: boolean;
}

/**
 * The quotes list's index, built once per change of the quotes or customers: each row's search
 * text lower-cased ahead, and the rows newest first, so a keystroke only filters (the list with
 * 5,000 quotes, `quotes.search_5000_ms`).
 */
export function buildQuoteIndex(
  quotes: readonly Entity<Quotes.Quote>[],
  customerNames: (id: string) => string | undefined,
  now: Date,
  timeZone: string,
): QuoteRow[] {
  const rows = quotes.map((quote) => {
    const customerName = customerNames(quote.customerId) ?? '';
    return {
      quote,
      customerName,
      text: `${quote.quoteNumber ?? ''}\n${quote.name}\n${customerName}\n${quote.address?.addressDescription ?? ''}`.toLowerCase(),
      expired: quote.state === 'pending' && Quotes.isExpired(quote, now, timeZone),
    };
  });
  return rows.sort((a, b) => newestFirst(a.quote, b.quote));
}

const newestFirst = (a: Quotes.Quote, b: Quotes.Quote) =>
  a.createdDate < b.createdDate ? 1 : a.createdDate > b.createdDate ? -1 : a._id < b._id ? 1 : -1;

/** Search (every word must match), the state and sent filters (spec 000 section 2.8), and the sort. */
export function queryQuotes(
  rows: readonly QuoteRow[],
  q: { text: string; state: StateFilter; sent: SentFilter; sort: QuoteSort },
): QuoteRow[] {
  const words = q.text.toLowerCase().split(/\s+/).filter(Boolean);
  const out = rows.filter(
    (r) =>
      (q.state === 'all' ||
        (q.state === 'expired'
          ? r.expired
          : r.quote.state === q.state && !(q.state === 'pending' && r.expired))) &&
      (q.sent === 'all' || (q.sent === 'sent') === Boolean(r.quote.sentDate)) &&
      words.every((w) => r.text.includes(w)),
  );
  return q.sort === 'oldest' ? out.reverse() : out;
}
