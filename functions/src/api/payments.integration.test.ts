import { Payments } from '@roundwise/core';
import { DynamoStore, EntityRepository } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localBilling } from '../adapters/billing.ts';
import { createDeps } from '../create-deps.ts';
import { numberInvoice } from '../payments/number-invoice.ts';
import { type Client, startTestApi } from '../test-harness.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

// biome-ignore lint/suspicious/noExplicitAny: sync changes are arbitrary JSON here
async function transactions(c: Client): Promise<Map<string, any>> {
  const out = new Map();
  let cursor = '';
  for (;;) {
    const page = await c.get(`/sync?cursor=${cursor}`);
    for (const ch of page.json.changes) if (ch.type === 'transaction') out.set(ch.entity._id, ch.entity);
    cursor = page.json.cursor;
    if (!page.json.hasMore) return out;
  }
}

/** A command sent again while the server answers 409 (another command held an item), as the device does. */
async function untilAnswered(c: Client, name: string, input: unknown) {
  const commandId = crypto.randomUUID();
  for (;;) {
    const res = await c.command(name, input, commandId);
    if (res.status !== 409) return res;
  }
}

async function ownerWithCustomer(email: string) {
  const owner = api.client();
  await owner.signup(email);
  const customer = await owner.command('customers.create', { name: 'Ann Smith' });
  const customerId = customer.json.result._id as string;
  const job = await owner.command('jobs.create', {
    customerId,
    date: '2026-01-05',
    price: 20,
    frequencyType: 'Weeks',
    frequencyInterval: 1,
  });
  return { owner, customerId, jobId: job.json.result._id as string };
}

const mondays = (n: number) =>
  Array.from({ length: n }, (_, i) => new Date(Date.UTC(2026, 0, 5 + 7 * i)).toISOString().slice(0, 10));

describe('invoice numbers', () => {
  it('are given by the server, once each, with no gaps, when visits are completed at the same time', async () => {
    const { owner, jobId } = await ownerWithCustomer('numbers@example.com');
    const days = mondays(12);
    const answers = await Promise.all(
      days.map((isoDueDate) => untilAnswered(owner, 'visits.complete', { jobId, isoDueDate })),
    );
    expect(answers.map((a) => a.status)).toEqual(days.map(() => 200));
    // The command's own answer has no number yet: the server's counter gives it after the commit.
    const invoiceIds = answers.map(
      (a) => a.json.changes.find((ch: { type: string }) => ch.type === 'transaction').entity,
    );
    expect(invoiceIds.every((inv) => inv.invoiceNumber === undefined)).toBe(true);

    const invoices = [...(await transactions(owner)).values()].filter((t) => t.transactionType === 'Invoice');
    expect(invoices).toHaveLength(12);
    expect(invoices.map((t) => t.invoiceNumber).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => Payments.formatInvoiceNumber(i + 1)),
    );

    // Another account counts from 1 on its own.
    const other = await ownerWithCustomer('numbers-other@example.com');
    expect(
      (await other.owner.command('visits.complete', { jobId: other.jobId, isoDueDate: '2026-01-05' })).status,
    ).toBe(200);
    const theirs = [...(await transactions(other.owner)).values()];
    expect(theirs.map((t) => t.invoiceNumber)).toEqual(['INV-00001']);
  }, 60_000);
});

describe('numberInvoice on the real local table', () => {
  it('gives 20 invoices numbered at once 20 different numbers, 1 to 20, and numbers one invoice once', async () => {
    const deps = createDeps({
      db: api.db,
      mailer: { send: async () => {} },
      billing: localBilling,
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
    });
    const store = new DynamoStore(new EntityRepository(api.db, 'acc-numbers'));
    const ids = Array.from({ length: 20 }, (_, i) => `inv${i}`);
    for (const _id of ids) {
      await store.put<Payments.Transaction>('transaction', {
        _id,
        customerId: 'c1',
        amount: 20,
        currency: 'GBP',
        description: 'Window cleaning',
        date: '2026-01-05',
        createdDate: '2026-01-05T10:00:00.000Z',
        transactionType: 'Invoice',
      });
    }
    await store.commit();
    // Each invoice asked for twice at once (a delivery repeated while the first still runs).
    const given = await Promise.all([...ids, ...ids].map((id) => numberInvoice(deps, 'acc-numbers', id)));
    expect(given.slice(0, 20)).toEqual(given.slice(20));
    expect([...new Set(given)].sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => Payments.formatInvoiceNumber(i + 1)),
    );
    expect(await deps.counters.last('acc-numbers', 'invoice')).toBe(20);
  }, 60_000);
});

describe('payments through the API', () => {
  it('a part payment made offline and sent twice is one payment; it is refunded, and another is cancelled', async () => {
    const { owner, customerId, jobId } = await ownerWithCustomer('payments@example.com');
    expect((await owner.command('visits.complete', { jobId, isoDueDate: '2026-01-05' })).status).toBe(200);
    const invoice = [...(await transactions(owner)).values()].find((t) => t.transactionType === 'Invoice');
    expect(invoice.invoiceNumber).toBe('INV-00001');

    // The device made the command (and the payment's id) offline, and sends it on each reconnect.
    const offline = { _id: 'pay-offline-1', customerId, amount: 8.5, method: 'cash', date: '2026-01-06' };
    const commandId = crypto.randomUUID();
    const first = await owner.command('payments.record', offline, commandId);
    const again = await owner.command('payments.record', offline, commandId);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.json.result).toEqual(first.json.result);
    expect(first.json.result).toMatchObject({ amount: -8.5, paymentDetails: { invoiceIds: [invoice._id] } });

    const card = await owner.command('payments.record', {
      customerId,
      amount: 5,
      method: 'card',
      date: '2026-01-07',
    });
    expect(
      (await owner.command('payments.refund', { paymentId: 'pay-offline-1', date: '2026-01-08' })).status,
    ).toBe(200);
    const refused = await owner.command('payments.cancel', { _id: 'pay-offline-1' });
    expect([refused.status, refused.json.code]).toEqual([400, 'payments.payment-already-refunded']);
    const missing = await owner.command('payments.cancel', { _id: 'nothing-here' });
    expect([missing.status, missing.json.code]).toEqual([404, 'payments.no-payment-found']);
    expect((await owner.command('payments.cancel', { _id: card.json.result._id })).status).toBe(200);

    const all = [...(await transactions(owner)).values()];
    expect(all.filter((t) => t._id === 'pay-offline-1')).toHaveLength(1);
    // 20 invoiced; 8.50 paid and refunded; 5 paid and cancelled: 20 owed.
    expect(Payments.customerBalance(all)).toBe(20);
  }, 60_000);
});

describe('payment connections', () => {
  it('change only through their own endpoint, not by writing the account settings', async () => {
    const owner = api.client();
    await owner.signup('connections@example.com');
    const res = await owner.patch('/account', {
      settings: {
        paymentConnections: { card: { provider: 'simulated-card', connectedAt: '2026-01-01T00:00:00Z' } },
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.account.settings.paymentConnections).toEqual({});
  });
});
