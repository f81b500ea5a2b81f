import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './clock';
import { goOffline, goOnline } from './network';
import { serverEntities } from './server-state';
import { apiContextAs, demoEmail, signInAs } from './session';

/**
 * Addresses and routes through the places adapter (the local gazetteer and road estimate, as
 * `npm start` runs it), and the worker's visit screen at the door (docs/places.md).
 */
const SYNCED = { timeout: 20_000 };
test.describe.configure({ timeout: 90_000 });

let ownerApi: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  ownerApi = await apiContextAs(baseURL, demoEmail('owner'));
});
test.afterAll(() => ownerApi.dispose());

let seq = 0;
// biome-ignore lint/suspicious/noExplicitAny: command results are arbitrary JSON here
async function command(name: string, input: unknown): Promise<any> {
  const res = await ownerApi.post(`/api/commands/${name}`, {
    data: { commandId: `e2e-places-${Date.now()}-${seq++}`, input },
  });
  expect(res.status(), `${name}: ${await res.text()}`).toBe(200);
  return (await res.json()).result;
}

const todayOf = (page: Page) =>
  page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(),
    ),
  );
const compact = (iso: string) => iso.replaceAll('-', '');
const daysBefore = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

test('a postcode search fills the customer’s address, on several lines, and sets its coordinates', async ({
  page,
}, info) => {
  await signInAs(page, demoEmail('owner'));
  await page.goto('/customers');
  await page.getByRole('button', { name: 'New customer' }).first().click();
  const form = page.getByRole('dialog', { name: 'New customer' });
  const name = `Postcode ${info.project.name} ${Date.now()}`;
  await form.getByLabel('Name').fill(name);
  const search = form.getByRole('combobox', { name: 'Find the address or postcode' });
  await search.fill('4 tenison');
  const option = form.getByRole('option', { name: /^4 Tenison Road, Petersfield, Cambridge, CB1 2DG$/ });
  await expect(option).toBeVisible();
  await option.click();
  await expect(form.getByRole('textbox', { name: /^Address/ })).toHaveValue(
    '4 Tenison Road\nPetersfield\nCambridge\nCB1 2DG',
  );
  // The coordinates are the gazetteer's, not typed.
  await expect(form.getByLabel('Latitude')).toHaveValue(/^52\.20/);
  await form.getByRole('button', { name: 'Add customer' }).click();
  await expect
    .poll(
      async () => (await serverEntities(ownerApi, 'customer')).find((c) => c.name === name)?.address,
      SYNCED,
    )
    .toEqual({
      addressDescription: '4 Tenison Road\nPetersfield\nCambridge\nCB1 2DG',
      lngLat: [expect.closeTo(0.1352, 3), expect.closeTo(52.2003, 3)],
      isVerified: true,
    });
});

test('a job’s address search places it; a multi-line address keeps its lines', async ({ page }, info) => {
  const customer = await command('customers.create', {
    name: `Job place ${info.project.name} ${Date.now()}`,
    address: { addressDescription: 'Flat 2\n9 Mill Road\nCambridge' },
  });
  await signInAs(page, demoEmail('owner'));
  await page.goto(`/customers/${customer._id}/jobs`);
  await page.getByRole('button', { name: 'Add job' }).first().click({ timeout: 20_000 });
  const form = page.getByRole('dialog').filter({ has: page.getByText('Address for this job') });
  const address = form.getByRole('textbox', { name: /^Address/ });
  await expect(address).toHaveValue('Flat 2\n9 Mill Road\nCambridge', SYNCED);
  await expect(form.getByTestId('job-location-state')).toHaveText(/Not placed on the map/);
  await form.getByRole('combobox', { name: 'Find the address or postcode' }).fill('CB1 2AD');
  await form.getByRole('option', { name: /Mill Road, Petersfield, Cambridge, CB1 2AD/ }).click();
  await expect(form.getByTestId('job-location-state')).toHaveText(
    'Placed on the map from the address search.',
  );
  await form
    .getByRole('button', { name: /^(Add|Save)/ })
    .last()
    .click();
  await expect
    .poll(
      async () =>
        (await serverEntities(ownerApi, 'job')).find((j) => j.customerId === customer._id)?.location,
      SYNCED,
    )
    .toEqual(
      expect.objectContaining({
        addressDescription: 'Mill Road\nPetersfield\nCambridge\nCB1 2AD',
        isVerified: true,
        lngLat: [expect.any(Number), expect.any(Number)],
      }),
    );
});

test('the round shows its drive by road, and names the job without a location', async ({ page }, info) => {
  await signInAs(page, demoEmail('owner'));
  const today = await todayOf(page);
  const stamp = `${info.project.name} ${Date.now()}`;
  const round = await command('rounds.create', { description: `Road ${stamp}` });
  const places = [
    ['Ann Road', [0.1352, 52.2003]],
    ['Ben Road', [0.1521, 52.1961]],
  ] as const;
  for (const [name, lngLat] of places) {
    const c = await command('customers.create', {
      name: `${name} ${stamp}`,
      address: { addressDescription: name, lngLat, isVerified: true },
    });
    await command('jobs.create', {
      customerId: c._id,
      date: today,
      price: 10,
      rounds: [round._id],
      location: { addressDescription: name, lngLat, isVerified: true },
    });
  }
  const lost = await command('customers.create', {
    name: `Nowhere ${stamp}`,
    address: { addressDescription: 'Somewhere in Cambridge' },
  });
  await command('jobs.create', { customerId: lost._id, date: today, price: 10, rounds: [round._id] });

  await page.goto('/rounds');
  await page
    .getByRole('button', { name: new RegExp(`Road ${stamp}`) })
    .first()
    .click({ timeout: 20_000 });
  const dialog = page.getByRole('dialog', { name: `Road ${stamp}` });
  // Business address (Market Hill) -> Ann -> Ben -> back: 1.3 x the straight lines, at 24 km/h.
  await expect(dialog.getByTestId('round-road-totals')).toHaveText(
    /By road: about \d+(\.\d+)? km and \d+ min, from your business address round 2 stops and back/,
    SYNCED,
  );
  const km = Number(
    /about ([\d.]+) km/.exec((await dialog.getByTestId('round-road-totals').textContent()) ?? '')?.[1],
  );
  expect(km).toBeGreaterThan(4);
  expect(km).toBeLessThan(7);
  const warning = dialog.getByTestId('round-unlocated');
  await expect(warning).toContainText('1 job has no location');
  await expect(warning).toContainText(`Nowhere ${stamp}`);
});

test(
  'the visit screen shows a worker what they need at the door, and "On my way" texts the customer once',
  {
    tag: '@phone',
  },
  async ({ page }, info) => {
    const users = (await (await ownerApi.get('/api/users')).json()).users as {
      email: string;
      userId: string;
    }[];
    const workerId = users.find((u) => u.email === demoEmail('worker'))?.userId as string;
    await signInAs(page, demoEmail('worker'));
    const today = await todayOf(page);
    // The text greets the customer by their first name: this run's own, to find its SMS.
    const first = `Dora${Date.now()}`;
    const name = `${first} ${info.project.name}`;
    const customer = await command('customers.create', {
      name,
      mobileNumber: '07700 900123',
      // Texts only to a customer who chose SMS (docs/money.md, the contact rule).
      contactMethods: ['sms'],
      accessDetails: 'Gate code 4512. Dog in the back garden.',
      address: { addressDescription: '4 Tenison Road', lngLat: [0.1352, 52.2003], isVerified: true },
    });
    const last = daysBefore(today, 28);
    const job = await command('jobs.create', {
      customerId: customer._id,
      date: last,
      price: 25,
      notes: 'Front and back windows\nConservatory roof',
      location: { addressDescription: '4 Tenison Road', lngLat: [0.1352, 52.2003], isVerified: true },
      assignees: [workerId],
    });
    await command('visits.complete', { jobId: job._id, isoDueDate: last });
    await command('visits.notes', { jobId: job._id, isoDueDate: last, notes: 'Side gate sticks' });

    await page.goto(`/mywork/${job._id}-${compact(today)}`);
    const door = page.getByTestId('door-details');
    await expect(door).toBeVisible(SYNCED);
    await expect(door.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:07700900123');
    await expect(door.getByRole('link', { name: 'Text' })).toHaveAttribute('href', 'sms:07700900123');
    await expect(door.getByRole('link', { name: 'Directions' })).toHaveAttribute('href', /52\.2003,0\.1352/);
    await expect(door.getByTestId('door-access')).toHaveText('Gate code 4512. Dog in the back garden.');
    await expect(door.getByTestId('door-work')).toContainText('Conservatory roof');
    await expect(door.getByTestId('door-last-visit')).toHaveText('Side gate sticks');
    await page.screenshot({ path: info.outputPath('visit-at-the-door.png') });

    // "On my way", pressed with no signal: queued on the phone (the button waits for it). When the
    // signal is back, the first send reaches the server but its answer is lost; the phone sends
    // the same command again, and the customer still gets one text, paid for once.
    const credits = async () =>
      ((await (await ownerApi.get('/api/customer/squeegee-credits')).json()) as { squeegeeCredits: number })
        .squeegeeCredits;
    const before = await credits();
    const sent: string[] = [];
    await page.context().route('**/api/commands/notifications.on-my-way', async (route) => {
      sent.push(route.request().postData() ?? '');
      if (sent.length > 1) return route.fallback();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await goOffline(page.context());
    const onMyWay = door.getByRole('button', { name: 'On my way' });
    await onMyWay.click();
    await expect(onMyWay).toBeDisabled();
    await goOnline(page.context());
    await expect(onMyWay).toBeEnabled(SYNCED);
    // The retry was the same command: the server answered it from its record.
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent.map((body) => JSON.parse(body).commandId)).size).toBe(1);
    await expect(page.getByTestId('refused-changes')).toHaveCount(0);

    // The Owner sees one message to the customer, about this job; one credit was spent and the
    // SMS provider was asked once.
    await expect
      .poll(async () => {
        const res = await ownerApi.get(`/api/notifications?customerId=${customer._id}`);
        return ((await res.json()) as { notifications: Record<string, unknown>[] }).notifications;
      }, SYNCED)
      .toEqual([
        expect.objectContaining({
          type: 'SMS',
          relatedItemId: job._id,
          message: expect.stringContaining(`Hi ${first}, it's`),
        }),
      ]);
    const texts = async () =>
      (
        (await (await ownerApi.get('/api/dev/sms')).json()) as { messages: { to: string; body: string }[] }
      ).messages.filter((m) => m.body.includes(`Hi ${first},`));
    await expect.poll(async () => (await texts()).length, SYNCED).toBe(1);
    expect((await texts())[0]?.body).toContain("we're on our way to you now");
    expect((await texts())[0]?.to.replace(/\s/g, '')).toContain('7700900123');
    expect(await credits()).toBe(before - 1);
  },
);

test(
  'the round dialog shows a long customer name in full on a phone',
  { tag: '@phone' },
  async ({ page }, info) => {
    await signInAs(page, demoEmail('owner'));
    const today = await todayOf(page);
    const stamp = `${info.project.name} ${Date.now()}`;
    const round = await command('rounds.create', { description: `Names ${stamp}` });
    const name = `Mr and Mrs Bartholomew Fitzgerald-Worthington ${stamp}`;
    const c = await command('customers.create', { name, address: { addressDescription: '9 Mill Road' } });
    await command('jobs.create', { customerId: c._id, date: today, price: 10, rounds: [round._id] });
    await page.goto('/rounds');
    await page
      .getByRole('button', { name: new RegExp(`Names ${stamp}`) })
      .first()
      .click({ timeout: 20_000 });
    const dialog = page.getByRole('dialog', { name: `Names ${stamp}` });
    const shown = dialog
      .getByRole('list', { name: 'Jobs in planned order' })
      .getByText(name, { exact: true });
    await expect(shown).toBeVisible(SYNCED);
    // Not cut off: the text fits its box (a truncated one overflows it, hidden behind an ellipsis).
    expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  },
);
