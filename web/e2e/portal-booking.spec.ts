import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { e2eNow, expect, test } from './clock';
import { serverEntities } from './server-state.ts';
import { apiContextAs, demoEmail, signInAs } from './session.ts';

/**
 * Booking on the business's own site: a host page served by this test from another origin, with
 * the sign-in and book-appointment widgets; the booking framed on the portal's origin. The
 * customer lives on a street a portal round already visits, so its next day there comes first;
 * the business then sees the booking waiting and confirms it.
 */
const portalOrigin = `http://localhost:${process.env.E2E_PORT}`;
const page_ = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sparkle - book</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<script async src="${portalOrigin}/widgets.js" data-portal="demo"></script></head>
<body><h1>Book with us</h1><roundwise-widget name="sign-in"></roundwise-widget>
<roundwise-widget name="book-appointment"></roundwise-widget></body></html>`;

let host: Server;
let hostOrigin: string;
test.beforeAll(async () => {
  host = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page_);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(e2eNow());
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function run(staff: APIRequestContext, name: string, input: unknown) {
  const res = await staff.post(`/api/commands/${name}`, { data: { commandId: crypto.randomUUID(), input } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result;
}

test('a customer books their round’s next day on their street from the business site; the business confirms it', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const staff = await apiContextAs(baseURL, demoEmail('owner'));
  const run_ = Date.now();
  const street = `Portal Lane ${run_}`;
  const roundDay = addDays(today(), 3);
  const round = await run(staff, 'rounds.create', { description: `Portal round ${run_}` });
  await run(staff, 'rounds.update', { _id: round._id, changes: { servicedPostcodes: ['ZZ9'] } });
  await run(staff, 'rounds.set-portal', { _id: round._id, isPortalRound: true });
  const service = await run(staff, 'services.create', { name: `Windows ${run_}`, defaultPrice: 20 });
  await run(staff, 'services.update-advanced', {
    _id: service._id,
    changes: { frequencyPrices: [{ frequencyType: 'Weeks', frequencyInterval: 4, price: 17 }] },
  });
  const neighbour = await run(staff, 'customers.create', { name: `Neighbour ${run_}` });
  await run(staff, 'jobs.create', {
    customerId: neighbour._id,
    rounds: [round._id],
    date: roundDay,
    frequencyType: 'Weeks',
    frequencyInterval: 4,
    location: { addressDescription: `9 ${street}, Cambridge ZZ9 9AB` },
  });
  const email = `booker-${run_}@example.com`;
  const customer = await run(staff, 'customers.create', {
    name: `Bea Booker ${run_}`,
    email,
    address: { addressDescription: `5 ${street}, Cambridge ZZ9 9AA` },
  });

  // Signed out, the booking (a signed-in widget) waits: no frame yet.
  await page.goto(`${hostOrigin}/`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await page.locator('iframe').count()).toBe(0);
  await page.getByLabel('Email or mobile number').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/dev/mail', { headers: { accept: 'application/json' } });
      const { mails } = (await res.json()) as { mails: { to: string; text: string }[] };
      code = /\b(\d{6})\b/.exec(mails.find((m) => m.to.includes(email))?.text ?? '')?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  await page.getByLabel('The 6-digit code we sent you').fill(code!);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  // The booking, in a frame of the portal's origin.
  const frame = page.frameLocator('roundwise-widget[name="book-appointment"] iframe');
  await expect(frame.getByRole('heading', { name: 'Book a visit' })).toBeVisible();
  const first = frame.getByRole('radio').first();
  await expect(first).toHaveValue(roundDay);
  await expect(frame.locator('label.day').first()).toContainText('we are already on your street');
  // The round's days (three in the 60 days offered), then a fortnight of others; the rest on request.
  await expect(frame.getByRole('radio')).toHaveCount(3 + 14);
  await frame.getByRole('button', { name: 'Show more days' }).click();
  await expect(frame.getByRole('radio')).toHaveCount(60);
  // Nothing chosen yet: refused in the widget, nothing sent.
  await frame.getByRole('button', { name: 'Book' }).click();
  await expect(frame.getByRole('alert')).toHaveText('Choose at least one service.');
  await frame.getByRole('checkbox', { name: `Windows ${run_}` }).check();
  await frame.getByLabel('How often').selectOption({ label: 'Every 4 weeks' });
  await first.check();
  await page.screenshot({ path: info.outputPath('book-appointment.png'), fullPage: true });
  await frame.getByRole('button', { name: 'Book' }).click();
  await expect(frame.getByRole('status')).toContainText('Booked for');

  // One job, on the round's day and the 4-weekly price, waiting for the business.
  const jobs = (await serverEntities(staff, 'job')).filter((j) => j.customerId === customer._id);
  expect(jobs).toHaveLength(1);
  expect(jobs[0]).toMatchObject({ date: roundDay, price: 17, rounds: [round._id] });

  await signInAs(page, demoEmail('owner'));
  await page.goto(`/customers/${customer._id}/jobs`);
  const booking = page.getByTestId('portal-booking');
  await expect(booking).toContainText('Booked on the portal for');
  await expect(booking).toContainText('waiting for you to confirm');
  await booking.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(booking).toContainText('confirmed');
  await expect
    .poll(async () => (await serverEntities(staff, 'job')).find((j) => j._id === jobs[0]._id)?.portalBooking)
    .toMatchObject({ confirmedAt: expect.any(String) });
});
