import type { Payments } from '@roundwise/core';
import { type Db, EntityRepository } from '@roundwise/db';
import { type Api, signUpVerified } from './messaging-fixture.ts';

/** Test support for the payment provider tests: a business with both providers connected. */

export async function businessWithProviders(url: string, db: Db, email: string): Promise<Api> {
  const api = await signUpVerified(url, db, email);
  for (const kind of ['direct-debit', 'card']) {
    const res = await api.send('PUT', `/payments/connections/${kind}`, { connected: true });
    if (res.status !== 200) throw new Error(`connect ${kind}: ${res.status} ${JSON.stringify(res.json)}`);
  }
  return api;
}

/** A customer owing `amount` (one invoice written straight to the table: setup, not under test). */
export async function customerOwing(api: Api, db: Db, name: string, amount: number) {
  const created = await api.command('customers.create', { name });
  if (created.status !== 200) throw new Error(`customer: ${created.status} ${JSON.stringify(created.json)}`);
  const customerId = created.json.result._id as string;
  await new EntityRepository(db, api.accountId).put<Payments.Transaction>(
    'transaction',
    {
      _version: 1,
      _updatedAt: new Date().toISOString(),
      _id: `inv-${customerId}`,
      customerId,
      amount,
      currency: 'GBP',
      description: 'Window cleaning',
      date: '2026-11-02',
      createdDate: '2026-11-02T10:00:00.000Z',
      transactionType: 'Invoice',
      status: 'complete',
      invoiceNumber: 'INV-00001',
    },
    null,
  );
  return customerId;
}

/** The customer's payment links (their key included). */
export async function linksOf(api: Api, customerId: string) {
  const res = await api.send('POST', `/payments/links/${customerId}`, {});
  if (res.status !== 200) throw new Error(`links: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json as { signUp: string; account: string; card: string };
}

const ATTEMPT = () => {
  const chars = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  return Array.from({ length: 26 }, () => chars[Math.floor(Math.random() * 32)]).join('');
};

/** Posts a sign-up form as the customer's browser would; the response is the redirect or the page. */
export async function postForm(url: string, fields: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ attempt: ATTEMPT(), ...fields }).toString(),
    redirect: 'manual',
  });
}

/** Sets up a direct-debit mandate for a customer through their sign-up link. */
export async function signUpDirectDebit(api: Api, customerId: string) {
  const { signUp } = await linksOf(api, customerId);
  const u = new URL(signUp);
  const target = `${u.origin}${u.pathname}/direct-debit${u.search}`;
  const res = await postForm(target, {
    accountHolder: 'Ann Smith',
    sortCode: '20-00-00',
    accountNumber: '55779911',
  });
  if (res.status !== 303) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
}

export async function stored(
  db: Db,
  accountId: string,
  type: 'transaction' | 'customer',
  id: string,
  // biome-ignore lint/suspicious/noExplicitAny: tests read stored records loosely
): Promise<any> {
  return new EntityRepository(db, accountId).get(type, id);
}
