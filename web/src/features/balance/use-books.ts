import {
  Balance,
  type Customers,
  type ExpenseCategories,
  type Expenses,
  type Payments,
  type Suppliers,
} from '@roundwise/core';
import { useMemo, useState } from 'react';
import { useEntity, useEntityList } from '../../lib/sync/hooks';

export type Books = ReturnType<typeof buildBooks>;

function buildBooks(input: {
  settings: Balance.BalanceSettings | undefined;
  customers: Customers.Customer[];
  suppliers: Suppliers.Supplier[];
  paymentAccounts: Payments.PaymentAccount[];
  categories: ExpenseCategories.ExpenseCategory[];
  transactions: Payments.Transaction[];
  expenses: Expenses.Expense[];
  journals: Balance.JournalEntry[];
}) {
  const options = {
    vatRegistered: input.settings?.vatRegistered ?? false,
    salesVatRate: input.settings?.salesVatRate ?? 20,
  };
  const ledgers = Balance.deriveLedgers(input);
  const sources = {
    transactions: input.transactions,
    expenses: input.expenses,
    journals: input.journals,
    categories: input.categories,
  };
  // The dashboard and the accounts read the projection (one pass, no postings); the postings are
  // made the first time a report or a fund's movements list them.
  const { balances, groupTotals, pnlByDay } = Balance.project(sources, options, ledgers);
  let postings: Balance.Posting[] | undefined;
  return {
    settings: input.settings,
    ledgers,
    balances,
    groupTotals,
    pnlByDay,
    get postings(): Balance.Posting[] {
      postings ??= Balance.postAll(sources, options);
      return postings;
    },
    transactions: input.transactions,
    expenses: input.expenses,
    journals: input.journals,
    customers: input.customers,
    categories: input.categories,
    paymentAccounts: input.paymentAccounts,
  };
}

/**
 * The balance's projection on this device: the ledgers derived from the synced records and every
 * posting, rebuilt whenever customers, transactions, payment accounts, suppliers, categories,
 * expenses or journal entries change (spec 001 section 4: each type's set is replaced when a change
 * of it arrives, so the memo runs again then and only then), or when `refresh` forces it. Nothing
 * of it is stored: the balances are never edited, only worked out again.
 */
export function useBooks() {
  const settings = useEntity<Balance.BalanceSettings>('balanceSettings', Balance.SETTINGS_ID);
  const customers = useEntityList<Customers.Customer>('customer');
  const suppliers = useEntityList<Suppliers.Supplier>('supplier');
  const paymentAccounts = useEntityList<Payments.PaymentAccount>('paymentAccount');
  const categories = useEntityList<ExpenseCategories.ExpenseCategory>('expenseCategory');
  const transactions = useEntityList<Payments.Transaction>('transaction');
  const expenses = useEntityList<Expenses.Expense>('expense');
  const journals = useEntityList<Balance.JournalEntry>('journalEntry');
  const [forced, setForced] = useState(0);
  const books = useMemo(
    () =>
      // `forced` is read so a forced refresh builds the projection again from the same records.
      forced >= 0
        ? buildBooks({
            settings,
            customers,
            suppliers,
            paymentAccounts,
            categories,
            transactions,
            expenses,
            journals,
          })
        : undefined,
    [forced, settings, customers, suppliers, paymentAccounts, categories, transactions, expenses, journals],
  ) as Books;
  return { books, refresh: () => setForced((n) => n + 1) };
}

/** The financial year holding `day`, by the books' first month (April when not set up). */
export const yearOf = (books: Books, day: string) =>
  Balance.financialYear(day, books.settings?.yearStartMonth ?? 4);
