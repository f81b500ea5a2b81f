import { type Account, type Customers, type Entity, Payments } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import type { Deps } from '../../context.ts';
import { accountOfLink } from './link-keys.ts';

/** What a customer's payment pages show: their business, their card, their ledger. */
export interface CustomerView {
  accountId: string;
  account: Account;
  customer: Entity<Customers.Customer>;
  transactions: Entity<Payments.Transaction>[];
  balance: number;
  /** The kinds the customer may sign up to: connected, and not hidden on their card. */
  offered: Payments.ProviderKind[];
}

export async function findCustomerView(
  s: Deps,
  customerId: string,
  key: string | undefined,
  owner?: string,
): Promise<CustomerView | undefined> {
  const accountId = await accountOfLink(s, customerId, key);
  if (!accountId || (owner !== undefined && owner !== accountId)) return undefined;
  const repo = new EntityRepository(s.db, accountId);
  const [account, customer, transactions] = await Promise.all([
    s.auth.getAccount(accountId),
    repo.get<Customers.Customer>('customer', customerId),
    repo.listBy<Payments.Transaction>('transaction', customerId),
  ]);
  if (!account || !customer) return undefined;
  const connected = account.settings.paymentConnections ?? {};
  const offered: Payments.ProviderKind[] = [];
  if (connected['direct-debit'] && !customer.hideDirectDebitSignup) offered.push('direct-debit');
  if (connected.card && !customer.hideCardProvider) offered.push('card');
  return {
    accountId,
    account,
    customer,
    transactions,
    balance: Payments.customerBalance(transactions),
    offered,
  };
}
