import { expect, test } from './clock';
import { demoEmail, signInAs } from './session';

/** Ratings (spec 001 section 2.11): asked from a visit done, rated from its message, published by the Owner. */

test('the Owner asks for a rating from a done visit; the customer rates it from the email once; the Owner publishes and unpublishes it', async ({
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
  await command('jobs.create', {
    customerId: customer._id,
    date: '2026-11-02',
    price: 18,
    frequencyType: 'OneOff',
  });
  // Staff mark the visit done on the schedule and ask for a rating from it.
  await page.goto('/schedule/2026-11-02');
  await page
    .getByTestId('visit')
    .filter({ hasText: customer.name })
    .getByRole('button', { name: new RegExp(`^${customer.name}`) })
    .click();
  const visit = page.getByTestId('visit-detail');
  await visit.getByRole('button', { name: 'Mark done' }).click();
  await visit.getByRole('button', { name: 'Ask for a rating' }).click();
  const ask = page.getByRole('dialog', { name: 'Ask for a rating' });
  await expect(ask.getByLabel('Message')).toHaveValue(/Rate your visit: \[rating-link\]$/);
  await page.screenshot({ path: info.outputPath('rating-request.png') });
  // The link field is what makes it a rating request: without it, nothing is sent.
  await ask.getByLabel('Message').fill('Thank you! How did we do?');
  await ask.getByRole('button', { name: 'Send' }).click();
  await expect(ask.getByRole('alert')).toHaveText('The message must keep the rating link ([rating-link]).');
  await ask.getByLabel('Message').fill('Thank you! How did we do? [rating-link]');
  await ask.getByRole('button', { name: 'Send' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByText(`Rating request sent to ${customer.name}.`)).toBeVisible();
  let link = '';
  await expect(async () => {
    const res = await page.request.get('/api/dev/mail', { headers: { accept: 'application/json' } });
    const { mails } = (await res.json()) as { mails: { to: string; text: string }[] };
    const mine = mails.filter((m) => m.to.includes(email));
    // One request, one message.
    expect(mine).toHaveLength(1);
    link = /https?:\/\/\S+\/go\/m\/[\w-]+\/rate/.exec(mine[0]?.text ?? '')?.[0] ?? '';
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
