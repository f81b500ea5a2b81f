import type { Banking } from '@roundwise/core';

/**
 * One interface for an open-banking data provider, shaped as TrueLayer's and Yapily's data APIs
 * are: an institution list, an auth link the customer opens (the bank's consent page) that comes
 * back to us with a code, the code exchanged for a connection, then accounts, balances, booked
 * and pending transactions (two calls, as TrueLayer's `/transactions` and
 * `/transactions/pending`). The local runtime's bank (`local-bank.ts`) plays one; a real provider
 * goes behind it with its tokens kept on the server (docs/banking.md).
 */
export interface BankDataProvider {
  readonly name: Banking.BankProvider;
  /** Whether a transaction keeps its id for ever (false: a bank that reissues booked ids). */
  readonly stableIds: boolean;
  institutions(): Promise<Institution[]>;
  /** The consent page's address; `reference` (our account) comes back with the code. */
  authLink(input: { institutionId: string; reference: string; redirectUri: string }): Promise<string>;
  exchangeCode(code: string): Promise<BankConsent>;
  accounts(connectionId: string): Promise<{ id: string; name: string }[]>;
  balance(connectionId: string, accountId: string): Promise<number>;
  transactions(connectionId: string, accountId: string, from: string, to: string): Promise<BankTransaction[]>;
  pendingTransactions(connectionId: string, accountId: string): Promise<BankTransaction[]>;
}

export interface Institution {
  id: string;
  name: string;
  logo: string;
  /** Higher first: the list's order (spec 000 section 2.9). */
  popularity: number;
}

export interface BankConsent {
  connectionId: string;
  reference: string;
  institutionId: string;
  institutionName: string;
}

export interface BankTransaction {
  id: string;
  date: string;
  /** Signed pounds: money in more than 0. */
  amount: number;
  payee: string;
  description: string;
}

/** The bank no longer lets us read: the 90 days are over or the customer withdrew consent. */
export class ConsentExpired extends Error {}
/** The provider's daily limit of calls for this account and kind of data is spent. */
export class CallLimitReached extends Error {}
/** A code or connection the provider does not know (forged, used, or from another bank). */
export class UnknownConsent extends Error {}
