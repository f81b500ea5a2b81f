import { type Account, type Customers, type Entity, Payments } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import type { Deps } from '../../context.ts';
import { customerOfLink } from './link-keys.ts';

/** What a customer's payment pages show: their business, their card, their ledger. */
export interface CustomerView {
  /** The link's token: the page's path, and what its forms post back to. */
  token: string;
  accountId: string;
  account: Account;
  customer: Entity<Customers.Customer>;
  transactions: Entity<Payments.Transaction>[];
  balance: number;
  /** The kinds the customer may sign up to: connected, and not hidden on their card. */
  offered: Payments.ProviderKind[];
}

/** The page of the link `token`: its customer, read in the link's account and only there. */
export async function findCustomerView(s: Deps, token: string): Promise<CustomerView | undefined> {
  const link = await customerOfLink(s, token);
  if (!link) return undefined;
  const { accountId, customerId } = link;
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
    token,
    accountId,
    account,
    customer,
    transactions,
    balance: Payments.customerBalance(transactions),
    offered,
  };
}
