import { createHash } from 'node:crypto';
import type { Account, Quotes } from '@roundwise/core';

/**
 * What the customer sees of a quote, the document an acceptance freezes: the
 * business, the items, the totals and the terms (notes, dates). Field order is fixed by
 * `canonicalJson`, so the hash of one document is always the same.
 */
export function quoteDocument(
  quote: Quotes.Quote,
  account: Pick<Account, 'businessName'>,
  customerName: string,
) {
  return {
    business: account.businessName,
    customerName,
    quoteNumber: quote.quoteNumber ?? '',
    name: quote.name,
    version: quote.version ?? 1,
    date: quote.date,
    expiry: quote.expiry,
    currency: quote.currency,
    items: quote.items.map((i) => ({
      title: i.title,
      description: i.description,
      longDescription: i.longDescription ?? '',
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      total: i.total,
      frequencyDescription: i.frequencyDescription ?? '',
      address: i.address?.addressDescription ?? '',
    })),
    taxRate: quote.taxRate,
    priceIncludesTax: quote.priceIncludesTax,
    subtotal: quote.subtotal,
    discountTotal: quote.discountTotal,
    totalTax: quote.totalTax,
    total: quote.total,
    notes: quote.notes,
  };
}
export type QuoteDocument = ReturnType<typeof quoteDocument>;

/** JSON with every object's keys sorted: one text per document, whatever order it was built in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const documentHash = (doc: unknown): string =>
  createHash('sha256').update(canonicalJson(doc)).digest('hex');
