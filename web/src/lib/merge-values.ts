import { type Customers, customerMergeValues, type Jobs, type MergeValues, Payments } from '@roundwise/core';
import { useMemo } from 'react';
import { businessToday } from './dates';
import { useMe } from './me';
import { usePaymentLinks } from './payments/links';
import { useEntityList } from './sync/hooks';

/**
 * A customer's merge field values as the device sees them (the core's `customerMergeValues`, the
 * same the server fills a message with), for a form to show what the customer will get. The
 * customer's page (`[pay-link]`, `[portal-link]`: the account page until the portal exists) is
 * asked of the server only when `pageLink` (its token is the server's) and only online.
 */
export function useCustomerMergeValues(
  customer: Customers.Customer | undefined,
  pageLink: boolean,
): MergeValues {
  const me = useMe();
  const jobs = useEntityList<Jobs.Job>('job');
  const transactions = useEntityList<Payments.Transaction>('transaction');
  const links = usePaymentLinks(customer?._id ?? '', !!customer && pageLink);
  const currency = me.account.settings.currency ?? 'GBP';
  return useMemo<MergeValues>(() => {
    if (!customer) return {};
    return {
      ...customerMergeValues(customer, {
        jobs: jobs.filter((j) => j.customerId === customer._id),
        balance: Payments.customerBalance(transactions.filter((x) => x.customerId === customer._id)),
        today: businessToday(),
        currency,
      }),
      ...(links.links ? { 'pay-link': links.links.account, 'portal-link': links.links.account } : {}),
    };
  }, [customer, jobs, transactions, currency, links.links]);
}
