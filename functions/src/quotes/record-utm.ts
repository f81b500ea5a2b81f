import { Customers } from '@roundwise/core';
import { writeAccount } from '../commands/write-account.ts';
import type { Deps } from '../context.ts';
import type { PublicQuote } from './find-public-quote.ts';

/**
 * A quote link opened with UTM parameters (a campaign's link to the quote): a marketing touch of
 * the quote's customer, first touch kept and last moved on (`Customers.touchUtm`), written like
 * any of the customer's own changes so it syncs to the staff. A preview records nothing.
 */
export async function recordQuoteLinkUtm(
  s: Deps,
  found: PublicQuote & { kind: 'found' },
  params: Customers.UtmParams,
) {
  if (!Customers.hasUtm(params)) return;
  await writeAccount(
    s,
    found.repo.accountId,
    async (store) => {
      const customer = await store.get<Customers.Customer>('customer', found.quote.customerId);
      const touch = customer && Customers.touchUtm(customer, params);
      if (customer && touch) await store.put<Customers.Customer>('customer', { ...customer, ...touch });
      return { result: undefined };
    },
    { attempts: 3 },
  );
}
