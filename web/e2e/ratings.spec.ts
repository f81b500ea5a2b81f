import { expect, test } from './clock';
import { demoEmail, signInAs } from './session';

/** Ratings (spec 001 section 2.11): the customer rates a visit from its message; the Owner publishes it. */

test("a customer rates a visit from the visit's email once; the Owner publishes and unpublishes it", async ({
  page,
  browser,
}, info) => {
  await signInAs(page, demoEmail('owner'));
  const stamp = `${info.project.name}-${Date.now()}`;
  const email = `rater-${stamp}@example.org`;
  const command = async (name: string, input: unknown) => {
    const res = await page.request.post(`/api/commands/${name}`, {
      data: { commandId: `e2e-rate-${name}-${stamp}`, input },
    });
    expect(res.status(), name).toBe(200);
    return (await res.json()).result;
  };
  const customer = await command('customers.create', {
    name: `Rita Rater ${stamp}`,
    email,
    contactMethods: ['email'],
  });
  const job = await command('jobs.create', {
    customerId: customer._id,
    date: '2026-11-02',
    price: 18,
    frequencyType: 'OneOff',
  });
  await command('visits.complete', { jobId: job._id, isoDueDate: '2026-11-02' });
  await command('notifications.send', {
    customerId: customer._id,
    type: 'Email',
    subject: 'Your windows are clean',
    content: 'Thank you! How did we do? [rating-link]',
    jobOccurrenceReminderId: `${job._id}-20261102`,
  });
  let link = '';
  await expect(async () => {
    const res = await page.request.get('/api/dev/mail', { headers: { accept: 'application/json' } });
    const { mails } = (await res.json()) as { mails: { to: string; text: string }[] };
    link =
      /https?:\/\/\S+\/go\/m\/[\w-]+\/rate/.exec(mails.find((m) => m.to.includes(email))?.text ?? '')?.[0] ??
      '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 15_000 });

  // The customer, signed in nowhere, opens the link and rates.
  const customerPage = await (await browser.newContext()).newPage();
  await customerPage.goto(new URL(link).pathname);
  await expect(customerPage.getByRole('heading', { name: /How did .* do\?/ })).toBeVisible();
  await customerPage.getByLabel('5 stars').check();
  await customerPage.getByLabel('Anything to tell us? (optional)').fill('Spotless, thank you');
  await customerPage.getByRole('button', { name: 'Send rating' }).click();
  await expect(customerPage.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  // One rating per visit.
  await customerPage.goto(new URL(link).pathname);
  await expect(customerPage.getByText('This visit has already been rated. Thank you!')).toBeVisible();

  await page.goto(`/customers/${customer._id}`);
  await page.getByRole('button', { name: /Spotless, thank you/ }).click();
  const dialog = page.getByRole('dialog', { name: /Rating from Rita/ });
  await expect(dialog.getByTestId('rating-state')).toHaveText('Not published.');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog.getByTestId('rating-state')).toHaveText('Published on your portal.');
  const settings = async () =>
    (await (await page.request.get('/api/me')).json()).account.settings.publicRatings;
  expect((await settings()).map((r: { feedback: string }) => r.feedback)).toContain('Spotless, thank you');
  await dialog.getByRole('button', { name: 'Unpublish' }).click();
  await expect(dialog.getByTestId('rating-state')).toHaveText('Not published.');
  expect((await settings()).map((r: { feedback: string }) => r.feedback)).not.toContain(
    'Spotless, thank you',
  );
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
});
