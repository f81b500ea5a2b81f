import type { Customers, Quotes } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../test-harness.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

const open = (path: string) => api.app.request(`/api/go/q/${path}`);

describe('a quote link opened from a campaign (UTM parameters)', () => {
  it("records the customer's first touch once and moves the last touch on; a preview records nothing", async () => {
    const c = api.client();
    await c.signup('utm-quote@example.com');
    const accountId = (await c.get('/me')).json.account.accountId as string;
    const repo = new EntityRepository(api.db, accountId);
    const customerId = (await c.command('customers.create', { name: 'Ann Smith' })).json.result._id as string;
    const q = (
      await c.command('quotes.create', {
        customerId,
        name: 'Windows',
        items: [{ title: 'Windows', quantity: 1, unitPrice: 20, frequency: { frequencyType: 'OneOff' } }],
        date: '2026-11-20',
        expiry: '2099-12-31',
      })
    ).json.result as Quotes.Quote;
    const token = q.linkToken as string;

    expect((await open(`${token}/?preview_mode=true&utm_source=staff`)).status).toBe(200);
    expect((await repo.get<Customers.Customer>('customer', customerId))?.utmParams).toBeUndefined();

    expect((await open(`${token}/?utm_source=facebook&utm_campaign=spring&fbclid=x`)).status).toBe(200);
    expect((await open(`${token}/?utm_source=newsletter&utm_medium=email`)).status).toBe(200);
    // An untagged visit changes nothing.
    expect((await open(`${token}/`)).status).toBe(200);
    const customer = await repo.get<Customers.Customer>('customer', customerId);
    expect(customer?.utmParams).toEqual({ utm_source: 'facebook', utm_campaign: 'spring' });
    expect(customer?.utmLastTouch).toEqual({ utm_source: 'newsletter', utm_medium: 'email' });
  });
});
