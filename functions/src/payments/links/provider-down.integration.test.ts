import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../../test-harness.ts';
import { createHttpPaymentProvider } from '../providers/http-provider.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  // A direct-debit provider that cannot be reached: nothing listens on the discard port.
  const down = createHttpPaymentProvider({
    name: 'simulated-direct-debit',
    kind: 'direct-debit',
    url: 'http://127.0.0.1:9',
    apiKey: 'key',
    webhookSecret: 'secret',
    timeoutMs: 2_000,
  });
  api = await startTestApi('dynalite', { paymentProviders: [down] });
}, 60_000);
afterAll(() => api.stop());

describe("a customer's sign-up while the provider is down", () => {
  it('shows their page again with the reason (503), and records no mandate', async () => {
    const owner = api.client();
    await owner.signup('provider-down@example.com');
    expect((await owner.put('/payments/connections/direct-debit', { connected: true })).status).toBe(200);
    const customerId = (await owner.command('customers.create', { name: 'Ann Smith' })).json.result._id;
    const links = (await owner.post(`/payments/links/${customerId}`, {})).json as { signUp: string };
    const u = new URL(links.signUp);

    const res = await api.app.request(`/api${u.pathname}/direct-debit${u.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        attempt: '01JPR0V1DERD0WN00000000001',
        accountHolder: 'Ann Smith',
        sortCode: '20-00-00',
        accountNumber: '55779911',
      }).toString(),
    });
    const body = await res.clone().text();
    expect(res.status, body.slice(0, 2000)).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('The payment provider could not be reached. Please try again.');
    const customer = (await owner.get(`/sync`)).json.changes.find(
      (c: { type: string; entity: { _id: string } }) => c.type === 'customer' && c.entity._id === customerId,
    );
    expect(customer.entity.paymentProviderMetaData).toBeUndefined();
  });
});
