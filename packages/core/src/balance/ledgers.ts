import type { Customer } from '../customers/schema.ts';
import type { ExpenseCategory } from '../expense-categories/schema.ts';
import type { PaymentAccount } from '../payments/account-schema.ts';
import type { Supplier } from '../suppliers/schema.ts';

/** Where a ledger sits in the accounts: assets and expenses carry debit balances, the rest credit. */
export type LedgerKind = 'asset' | 'liability' | 'equity' | 'income' | 'expense';

/** The chart's groups (spec 001 section 3: debtors, creditors, bank funds, overheads, sales). */
export type LedgerGroup =
  | 'debtors'
  | 'funds'
  | 'vat'
  | 'creditors'
  | 'equity'
  | 'sales'
  | 'overheads'
  | 'suspense';

export interface Ledger {
  id: string;
  name: string;
  kind: LedgerKind;
  group: LedgerGroup;
  /** The record it is derived from (a customer, supplier, payment account, category). */
  sourceId?: string;
}

/** The fixed ledgers every account has, whatever its records. */
export const FIXED = {
  sales: { id: 'sales', name: 'Sales', kind: 'income', group: 'sales' },
  vatOutput: { id: 'vat:output', name: 'VAT on sales', kind: 'liability', group: 'vat' },
  vatInput: { id: 'vat:input', name: 'VAT on purchases', kind: 'asset', group: 'vat' },
  defaultFund: { id: 'fund:default', name: 'Bank funds', kind: 'asset', group: 'funds' },
  inTransit: { id: 'fund:in-transit', name: 'Payments in transit', kind: 'asset', group: 'funds' },
  otherSuppliers: { id: 'creditor:other', name: 'Other suppliers', kind: 'liability', group: 'creditors' },
  uncategorised: { id: 'overhead:uncategorised', name: 'Uncategorised', kind: 'expense', group: 'overheads' },
  capital: { id: 'equity:capital', name: 'Capital', kind: 'equity', group: 'equity' },
  drawings: { id: 'equity:drawings', name: 'Drawings', kind: 'equity', group: 'equity' },
  suspense: { id: 'suspense', name: 'Suspense', kind: 'asset', group: 'suspense' },
} as const satisfies Record<string, Ledger>;

export const debtorId = (customerId: string) => `debtor:${customerId}`;
export const creditorId = (supplierId: string) => `creditor:${supplierId}`;
export const fundId = (paymentAccountId?: string) =>
  paymentAccountId ? `fund:${paymentAccountId}` : FIXED.defaultFund.id;
export const overheadId = (category?: Pick<ExpenseCategory, '_id' | 'balanceLedgerId'>) =>
  category ? (category.balanceLedgerId ?? `overhead:${category._id}`) : FIXED.uncategorised.id;

const FUND_NAMES: Record<string, string> = {
  bank: 'Bank funds',
  cash: 'Cash',
  card: 'Card takings',
  other: 'Funds',
};

export interface LedgerSources {
  customers: readonly Pick<Customer, '_id' | 'name'>[];
  suppliers: readonly Pick<Supplier, '_id' | 'name'>[];
  paymentAccounts: readonly Pick<PaymentAccount, '_id' | 'name' | 'subType'>[];
  categories: readonly Pick<ExpenseCategory, '_id' | 'description' | 'balanceLedgerId'>[];
}

/**
 * The ledgers, derived as spec 001 section 3 says: customers are debtors, suppliers creditors,
 * payment accounts funds by their type, expense categories overheads; plus the fixed ones. They are
 * never stored: a new customer is a new debtor the moment it exists.
 */
export function deriveLedgers(s: LedgerSources): Map<string, Ledger> {
  const all = new Map<string, Ledger>(Object.values(FIXED).map((l) => [l.id, l]));
  for (const c of s.customers) {
    all.set(debtorId(c._id), {
      id: debtorId(c._id),
      name: c.name,
      kind: 'asset',
      group: 'debtors',
      sourceId: c._id,
    });
  }
  for (const x of s.suppliers) {
    all.set(creditorId(x._id), {
      id: creditorId(x._id),
      name: x.name,
      kind: 'liability',
      group: 'creditors',
      sourceId: x._id,
    });
  }
  for (const a of s.paymentAccounts) {
    all.set(fundId(a._id), {
      id: fundId(a._id),
      name: `${a.name} (${FUND_NAMES[a.subType] ?? FUND_NAMES.other})`,
      kind: 'asset',
      group: 'funds',
      sourceId: a._id,
    });
  }
  for (const c of s.categories) {
    const id = overheadId(c);
    if (!all.has(id))
      all.set(id, { id, name: c.description, kind: 'expense', group: 'overheads', sourceId: c._id });
  }
  return all;
}

/** A ledger a posting names that no record derives any more (a removed supplier): still shown. */
export function ledgerOrRemoved(ledgers: Map<string, Ledger>, id: string): Ledger {
  const found = ledgers.get(id);
  if (found) return found;
  const [prefix] = id.split(':');
  const by: Record<string, Pick<Ledger, 'kind' | 'group' | 'name'>> = {
    debtor: { kind: 'asset', group: 'debtors', name: 'Removed customer' },
    creditor: { kind: 'liability', group: 'creditors', name: 'Removed supplier' },
    fund: { kind: 'asset', group: 'funds', name: 'Removed payment account' },
    overhead: { kind: 'expense', group: 'overheads', name: 'Removed category' },
  };
  return { id, ...(by[prefix ?? ''] ?? { kind: 'asset', group: 'suspense', name: id }) };
}
