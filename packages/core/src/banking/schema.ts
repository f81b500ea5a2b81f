import { z } from 'zod';
import { Id, IsoDate, Money } from '../entity.ts';

/** The bank data providers the server can talk to (one interface, `functions/src/banking/provider.ts`). */
export const BankProvider = z.enum(['local', 'truelayer', 'yapily']);
export type BankProvider = z.infer<typeof BankProvider>;

/** UK open banking: the customer reconfirms access in the app every 90 days. */
export const CONSENT_DAYS = 90;
/** The institutions shown before a search: the most popular; past this the list says so. */
export const INSTITUTIONS_SHOWN = 10;

/** A bank account seen through a connection, and the payment account (a fund of the books) it feeds. */
export const BankAccount = z.object({
  providerAccountId: z.string().min(1).max(200),
  name: z.string().min(1).max(100),
  paymentAccountId: Id,
  /** The balance the bank last gave, in pounds and pence, and when. */
  balance: Money.optional(),
  balanceAt: z.string().optional(),
});
export type BankAccount = z.infer<typeof BankAccount>;

/**
 * A bank connected through a provider (spec 000 section 2.9, "Connected provider"). No token is
 * kept here (devices receive it): the provider's own id of the consent is all the server needs.
 */
export const BankConnection = z.object({
  _id: Id,
  provider: BankProvider,
  providerConnectionId: z.string().min(1).max(2000),
  institutionId: z.string().min(1).max(200),
  institutionName: z.string().min(1).max(200),
  consentGrantedAt: z.string(),
  consentExpiresAt: z.string(),
  /** `expired`: the 90 days are over (or the bank said so); importing waits for a reconsent. */
  status: z.enum(['active', 'expired']),
  accounts: z.array(BankAccount).max(20),
  /** The provider's calls spent on the day (UTC) of the last import: the daily limit's count. */
  callsDay: z.string().optional(),
  callsUsed: z.number().int().min(0).default(0),
  lastImportAt: z.string().optional(),
  /** When the next import is due: a scheduled import whose moment is not this one is superseded. */
  nextSyncAt: z.string().optional(),
  createdDate: z.string(),
});
export type BankConnection = z.infer<typeof BankConnection>;

export const LineSource = z.enum(['bank', 'csv', 'ofx']);
export type LineSource = z.infer<typeof LineSource>;

/** A line as a provider or a file gives it, before it is matched against the lines already held. */
export const IncomingLine = z.object({
  /** The provider's or the file's id of the transaction (OFX FITID), when it has one. */
  providerId: z.string().max(200).optional(),
  status: z.enum(['pending', 'booked']).default('booked'),
  date: IsoDate,
  /** Signed: money in is more than 0. */
  amount: Money.refine((n) => n !== 0, 'banking.amount-required'),
  payee: z.string().max(200).default(''),
  description: z.string().max(500).default(''),
});
export type IncomingLine = z.infer<typeof IncomingLine>;

/** What a line was reconciled with: the records that post it to the books. */
export const LineMatch = z.object({
  kind: z.enum(['payments', 'invoice', 'expense', 'journal']),
  ids: z.array(Id).min(1).max(200),
});
export type LineMatch = z.infer<typeof LineMatch>;

/** A bank statement line held once, whatever number of imports brought it. */
export const BankLine = z.object({
  _id: Id,
  paymentAccountId: Id,
  source: LineSource,
  providerId: z.string().max(200).optional(),
  status: z.enum(['pending', 'booked']),
  date: IsoDate,
  amount: Money,
  payee: z.string().max(200),
  /** `normalisePayee(payee)`: the dedup key's and the learned payees' form. */
  payeeKey: z.string().max(200),
  description: z.string().max(500),
  importedAt: z.string(),
  match: LineMatch.optional(),
});
export type BankLine = z.infer<typeof BankLine>;

export const toPence = (amount: number) => Math.round(amount * 100);

/**
 * A payee as banks and files vary it: case, punctuation, card-terminal references and the
 * location suffixes ("SHELL 1234 LONDON GB" and "Shell" are one payee), the words kept in order.
 */
export function normalisePayee(payee: string): string {
  const words = payee
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !/\d/.test(w) && !NOISE.has(w));
  return words.slice(0, 3).join(' ');
}

/** Words that card payments and transfers add around the payee's name. */
const NOISE = new Set([
  'gb',
  'gbr',
  'uk',
  'london',
  'card',
  'payment',
  'to',
  'from',
  'ltd',
  'limited',
  'plc',
  'fp',
  'bgc',
  'dd',
  'so',
  'pos',
  'visa',
  'contactless',
  'ref',
  'the',
  'via',
]);

/** The day `days` after an ISO date (negative: before). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days between two ISO dates, absolute. */
export const daysApart = (a: string, b: string) =>
  Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
