import type { Customer } from './customers/schema.ts';
import { nextDate, type Recurrence } from './schedule/frequency.ts';

/**
 * Per-customer merge fields: `[name]`, `[first-name]`, `[address]`, `[next-visit]`, `[balance]`,
 * `[quote-number]`, `[quote-link]`, `[pay-link]`, `[portal-link]`. Written like the campaign's
 * `[unsubscribe]`, and unlike a `[field=?]` prompt (tokens.ts), they are never asked for: each
 * recipient's own value is put in when the message is made for them. The customer's data fields
 * are filled where the message is written (`customerMergeValues`); the links (`LINK_FIELDS`) only
 * where it is sent, as their tokens and address are the server's.
 */
export const MERGE_FIELDS = [
  'name',
  'first-name',
  'address',
  'next-visit',
  'balance',
  'quote-number',
  'quote-link',
  'pay-link',
  'portal-link',
  // The visit's rating page, for a message about a visit (`jobOccurrenceReminderId`).
  'rating-link',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeValues = Partial<Record<MergeField, string>>;

/**
 * The link fields are filled as the message is sent (functions/src/notifications/merge-links.ts),
 * as their tokens and address are the server's: `[pay-link]` and `[portal-link]` the customer's
 * own page, `[quote-link]` the public page of the quote a quote mail is for. The portal link is the
 * customer's account page (`/go/a/{token}/`) until the customer portal exists; then it becomes the
 * portal's address, while `[pay-link]` stays the page where they pay.
 */
export const usesCustomerPage = (fields: readonly MergeField[]) =>
  fields.includes('pay-link') || fields.includes('portal-link');

const FIELD = new RegExp(`\\[(${MERGE_FIELDS.join('|')})\\]`, 'g');

/** The distinct merge fields in `text`, in the order they first appear. */
export function findMergeFields(text: string): MergeField[] {
  const found: MergeField[] = [];
  for (const match of text.matchAll(FIELD)) {
    const name = match[1] as MergeField;
    if (!found.includes(name)) found.push(name);
  }
  return found;
}

/** `text` with each field that has a value put in (`escape`d for HTML); the others stay as written. */
export function fillMergeFields(
  text: string,
  values: MergeValues,
  encode: (value: string) => string = (v) => v,
): string {
  return text.replace(FIELD, (whole, name: MergeField) => {
    const value = values[name];
    return value === undefined ? whole : encode(value);
  });
}

/** Text as HTML text: what a value put into a template's HTML is written as. */
export const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export interface MergeContext {
  /** The customer's jobs (booked ones: a quote's unbooked jobs are left out). */
  jobs: readonly (Recurrence & { quoteId?: string })[];
  /** What the customer owes (positive) or holds in credit (negative). */
  balance: number;
  /** Today on the business's calendar (yyyy-mm-dd). */
  today: string;
  currency: string;
}

const money = (amount: number, currency: string) => {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount);
  } catch {
    return amount.toFixed(2);
  }
};

const longDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T12:00:00Z`));

/**
 * A customer's data fields. A customer with no visit booked gets "to be arranged" rather than an
 * empty gap in a sentence; the balance is what they owe (a credit reads as £0.00 owed).
 */
export function customerMergeValues(customer: Customer, context: MergeContext): MergeValues {
  const next = context.jobs
    .filter((j) => !j.quoteId)
    .map((j) => nextDate(j, context.today))
    .filter((d): d is string => !!d)
    .sort()[0];
  const name = customer.name.trim();
  return {
    name,
    'first-name': name.split(/\s+/)[0] ?? name,
    address: (customer.address?.addressDescription ?? '').replace(/\s*\n\s*/g, ', ').trim(),
    'next-visit': next ? longDay(next) : 'to be arranged',
    balance: money(Math.max(0, context.balance), context.currency),
  };
}
