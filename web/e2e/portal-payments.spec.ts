import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './clock';
import { advanceDays, business, command } from './payment-helpers';
import { serverEntities } from './server-state.ts';

/**
 * A customer pays through the portal's widgets on the business's own site (another origin, the
 * widgets' frames third-party): signs up to direct debit through their payment link, then pays a
 * prepayment option with the mandate, against the local runtime's simulated provider. A business
 * of its own (payment-helpers.ts: its providers connected) with its own published portal.
 */
const portalOrigin = `http://localhost:${process.env.E2E_PORT}`;
const hostPage = (handle: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Payments - my account</title>
<script async src="${portalOrigin}/widgets.js" data-portal="${handle}"></script></head><body>
<h1>My account</h1><roundwise-widget name="sign-in"></roundwise-widget>
<roundwise-widget name="automatic-payments"></roundwise-widget><roundwise-widget name="stripe-pre-pay"></roundwise-widget>
<roundwise-widget name="financial-history"></roundwise-widget></body></html>`;

let host: Server;
let hostOrigin: string;
test.beforeAll(async () => {
  host = createServer((req, res) => {
    const handle = new URL(req.url ?? '/', 'http://x').searchParams.get('portal') ?? '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(hostPage(handle));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

test('a customer sets up direct debit and prepays through the portal widgets; one mandate, one charge', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const run = `${Date.now()}`;
  await business(page, `portal-pay-${run}`);
  const handle = `pay-${run}`;
  const saved = await page.request.put(
    `/api/directory/secure/${encodeURIComponent(`providers-portal-pay-${run}@example.com`)}`,
    {
      headers: { 'idempotency-key': crypto.randomUUID() },
      data: {
        setupComplete: true,
        portalEnabled: 'y',
        isPublic: 'y',
        uniqueUrl: handle,
        businessName: `Providers ${run}`,
        // Prepayment options need the card provider's key (spec 002 section 5): the simulated one's.
        stripePublishableKey: 'pk_test_local',
        config: {
          themeName: 'default',
          themeOptions: { primary: '#0e7490' },
          prepayOptions: [{ label: 'Three months', amount: 45 }],
        },
      },
    },
  );
  expect(saved.status(), await saved.text()).toBe(200);
  const email = `payer-${run}@example.com`;
  const customer = await command(page, 'customers.create', { name: 'Pia Payer', email });

  const site = await context.newPage();
  await site.goto(`${hostOrigin}/?portal=${handle}`);
  await site.getByLabel('Email or mobile number').fill(email);
  await site.getByRole('button', { name: 'Send me a code' }).click();
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/dev/mail', { headers: { accept: 'application/json' } });
      const { mails } = (await res.json()) as { mails: { to: string; text: string }[] };
      code = /\b(\d{6})\b/.exec(mails.find((m) => m.to.includes(email))?.text ?? '')?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  await site.getByLabel('The 6-digit code we sent you').fill(code!);
  await site.getByRole('button', { name: 'Sign in', exact: true }).click();

  // No mandate yet: prepaying waits for one, direct debit is offered.
  const prepay = site.frameLocator('roundwise-widget[name="stripe-pre-pay"] iframe');
  await expect(prepay.getByRole('button', { name: 'Three months · £45.00' })).toBeDisabled();
  const autopay = site.frameLocator('roundwise-widget[name="automatic-payments"] iframe');
  const [bank] = await Promise.all([
    site.waitForEvent('popup'),
    autopay.getByRole('link', { name: 'Set up a direct debit' }).click(),
  ]);
  // The customer's own payment link, in a tab of its own (the provider's form, never in the frame).
  await expect(bank.getByRole('heading', { name: 'Set up automatic payments' })).toBeVisible();
  await bank.getByLabel('Account holder name').fill('Pia Payer');
  await bank.getByLabel('Sort code').fill('20-00-00');
  await bank.getByLabel('Account number').fill('55779911');
  await bank.getByRole('button', { name: 'Set up Direct Debit' }).click();
  await expect(bank.locator('#status')).toHaveText(/being set up/);
  await bank.close();

  await site.reload();
  await expect(autopay.getByText('Direct debit is set up (pending).')).toBeVisible();
  const mandated = (await serverEntities(page.request, 'customer')).find((c) => c._id === customer._id);
  expect(mandated).toMatchObject({
    automaticPaymentMethod: 'simulated-direct-debit',
    paymentProviderMetaData: { sourceOrMandateId: expect.any(String) },
  });

  // A double tap pays once.
  await prepay.getByRole('button', { name: 'Three months · £45.00' }).dblclick();
  await expect(prepay.getByRole('status')).toHaveText('Thank you: Three months is being paid.');
  const prepaid = async () =>
    (await serverEntities(page.request, 'transaction')).filter(
      (t) => t.customerId === customer._id && t.transactionType === 'AutomaticPayment',
    );
  const [payment, ...more] = await prepaid();
  expect(more).toEqual([]);
  expect(payment).toMatchObject({
    amount: -45,
    description: 'Prepayment: Three months',
    paymentDetails: { mandateId: mandated.paymentProviderMetaData.sourceOrMandateId },
  });
  // The provider has its charge (the effect ran) and pays it out; still the one payment.
  await expect
    .poll(async () =>
      (
        await page.request.post('/api/dev/payments/plan', {
          data: { transactionId: payment._id, outcome: 'paid' },
        })
      ).status(),
    )
    .toBe(200);
  await advanceDays(page, 7);
  await expect.poll(async () => (await prepaid()).map((t) => t.status)).toEqual(['complete']);

  // The customer sees it in their history.
  await site.reload();
  const history = site.frameLocator('roundwise-widget[name="financial-history"] iframe');
  await expect(history.getByText('Prepayment: Three months')).toBeVisible();
  await expect(history.getByText('In credit: £45.00')).toBeVisible();
  await expect(history.getByText('£45.00', { exact: true })).toBeVisible();
});
