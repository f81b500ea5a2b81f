import type { Page } from '@playwright/test';
import { expect, test } from './clock';
import { demoEmail, signInAs } from './session';

/**
 * An audience of two filter groups, a campaign by email and SMS to it, published, the
 * messages in the sinks and the statistics moving; the one-click unsubscribe and the next campaign
 * skipping that customer; an ongoing campaign picking up a new matching customer.
 */

const unique = (info: { project: { name: string } }) => `${info.project.name}${Date.now()}`;

async function command(page: Page, name: string, commandId: string, input: Record<string, unknown>) {
  const res = await page.request.post(`/api/commands/${name}`, { data: { commandId, input } });
  expect(res.status(), await res.text()).toBe(200);
}

async function addCustomer(page: Page, id: string, fields: Record<string, unknown>) {
  await command(page, 'customers.create', `e2e-${id}`, {
    _id: id,
    name: id,
    marketingAccepted: true,
    contactMethods: ['email'],
    address: { addressDescription: `1 ${id} Road, Cambridge CB1 1AA` },
    ...fields,
  });
}

async function mails(page: Page) {
  const res = await page.request.get('/api/dev/mail', { headers: { accept: 'application/json' } });
  return ((await res.json()) as { mails: { to: string; subject: string; text: string; links: string[] }[] })
    .mails;
}
async function texts(page: Page) {
  const res = await page.request.get('/api/dev/sms');
  return ((await res.json()) as { messages: { to: string; body: string }[] }).messages;
}

/** A filter row of a group: its field, and its value (text typed, or a choice). */
async function setFilter(page: Page, group: number, row: number, field: string, value: string) {
  const fieldset = page.getByRole('group', { name: `Group ${group}` });
  await fieldset.getByLabel('Field').nth(row).selectOption({ label: field });
  await fieldset.getByLabel('Value').nth(row).fill(value);
}

async function makeAudience(page: Page, name: string, groups: [string, string][][]) {
  await page.goto('/send/audiences/create');
  await page.getByLabel('Name').fill(name);
  for (const [g, filters] of groups.entries()) {
    await page.getByRole('button', { name: 'Add filter group' }).click();
    for (const [r, [field, value]] of filters.entries()) {
      if (r > 0)
        await page
          .getByRole('group', { name: `Group ${g + 1}` })
          .getByRole('button', { name: 'Add filter' })
          .click();
      await setFilter(page, g + 1, r, field, value);
    }
  }
}

async function makeCampaign(
  page: Page,
  name: string,
  audience: string,
  template: string,
  sms: boolean,
  ongoing = false,
) {
  await page.goto('/send/campaigns/create');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Description').fill(`About ${name}`);
  await page.getByLabel('Template').selectOption({ label: template });
  await page.getByRole('checkbox', { name: audience, exact: true }).click();
  if (sms) {
    const enable = page.getByRole('button', { name: 'Enable bulk SMS' });
    if (await enable.isVisible()) await enable.click();
    await expect(page.getByLabel('SMS', { exact: true })).toBeEnabled();
    await page.getByLabel('SMS', { exact: true }).click();
  }
  if (ongoing) await page.getByLabel(/^Ongoing:/).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`About ${name}`)).toBeVisible();
}

async function publishNow(page: Page, button = 'Publish') {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText(/Campaign published/)).toBeVisible({ timeout: 15_000 });
}

test('an audience of two groups, a campaign by email and SMS, the sinks and the statistics; unsubscribe, and the next campaign skips them', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await signInAs(page, demoEmail('owner'));
  const id = unique(info);
  await command(page, 'templates.create', `e2e-tpl-${id}`, {
    _id: `tpl-${id}`,
    name: `Spring ${id}`,
    subject: `Spring offer ${id}`,
  });
  await addCustomer(page, `north-${id}`, {
    email: `north-${id}@example.com`,
    mobileNumber: '07700 900321',
    tags: [`n${id}`],
  });
  await addCustomer(page, `south-${id}`, {
    email: `south-${id}@example.com`,
    tags: [`s${id}`],
    notes: 'Conservatory',
  });
  await addCustomer(page, `other-${id}`, { email: `other-${id}@example.com`, tags: [`s${id}`] });

  await makeAudience(page, `Audience ${id}`, [
    [['Tags', `n${id}`]],
    [
      ['Tags', `s${id}`],
      ['Notes', 'conservatory'],
    ],
  ]);
  // Two of the three: north by the first group; south by both filters of the second.
  await expect(page.getByTestId('audience-count')).toHaveText('2 contacts', { timeout: 15_000 });
  await expect(page.getByTestId('audience-preview')).toContainText(`north-${id}`);
  await expect(page.getByTestId('audience-preview')).not.toContainText(`other-${id}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('link', { name: `Audience ${id}` })).toBeVisible();

  await makeCampaign(page, `Campaign ${id}`, `Audience ${id}`, `Spring ${id}`, true);
  await publishNow(page);
  await expect
    .poll(
      async () =>
        (await mails(page))
          .filter((m) => m.subject === `Spring offer ${id}`)
          .map((m) => m.to)
          .sort(),
      {
        timeout: 30_000,
      },
    )
    .toEqual([`north-${id}@example.com`, `south-${id}@example.com`]);
  await expect
    .poll(async () => (await texts(page)).filter((m) => m.body === `Spring offer ${id}`).length, {
      timeout: 30_000,
    })
    .toBe(1);
  // The statistics move: two emails and one SMS sent.
  await expect(page.getByTestId('email-stats').locator('[data-counter="sent"]')).toHaveText('2', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('sms-stats').locator('[data-counter="sent"]')).toHaveText('1');
  await expect(page.getByTestId('send-log')).toContainText(`south-${id}@example.com`);

  // South unsubscribes with the mail's one-click link (RFC 8058: a POST with no page).
  const south = (await mails(page)).find((m) => m.to === `south-${id}@example.com`);
  const link = south?.links.find((l) => l.includes('/api/go/u/'));
  expect(link).toBeTruthy();
  const oneClick = await page.request.post(new URL(link!).pathname, {
    form: { 'List-Unsubscribe': 'One-Click' },
  });
  expect(oneClick.status()).toBe(200);

  await makeCampaign(page, `Second ${id}`, `Audience ${id}`, `Spring ${id}`, false);
  await publishNow(page);
  await expect(page.getByTestId('email-stats').locator('[data-counter="sent"]')).toHaveText('1', {
    timeout: 20_000,
  });
  const second = (await mails(page)).filter((m) => m.subject === `Spring offer ${id}`).map((m) => m.to);
  expect(second.filter((to) => to === `south-${id}@example.com`)).toHaveLength(1);
  expect(second.filter((to) => to === `north-${id}@example.com`)).toHaveLength(2);
});

test('an ongoing campaign picks up a new matching customer', async ({ page }, info) => {
  test.setTimeout(90_000);
  await signInAs(page, demoEmail('owner'));
  const id = unique(info);
  await command(page, 'templates.create', `e2e-tpl-${id}`, {
    _id: `tpl-${id}`,
    name: `News ${id}`,
    subject: `News ${id}`,
  });
  await addCustomer(page, `first-${id}`, { email: `first-${id}@example.com`, tags: [`o${id}`] });
  await makeAudience(page, `Ongoing ${id}`, [[['Tags', `o${id}`]]]);
  await expect(page.getByTestId('audience-count')).toHaveText('1 contact', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Save' }).click();
  await makeCampaign(page, `Ongoing campaign ${id}`, `Ongoing ${id}`, `News ${id}`, false, true);
  await publishNow(page);
  await expect(page.getByTestId('new-members')).toContainText('0 new audience members');

  await addCustomer(page, `later-${id}`, { email: `later-${id}@example.com`, tags: [`o${id}`] });
  await expect(page.getByTestId('new-members')).toContainText('1 new audience member', { timeout: 30_000 });
  await publishNow(page, 'Publish to new members');
  await expect
    .poll(
      async () =>
        (await mails(page))
          .filter((m) => m.subject === `News ${id}`)
          .map((m) => m.to)
          .sort(),
      {
        timeout: 30_000,
      },
    )
    .toEqual([`first-${id}@example.com`, `later-${id}@example.com`]);
  await expect(page.getByTestId('new-members')).toContainText('0 new audience members', { timeout: 20_000 });
});

test('the consent warning cancels or continues; an excluded contact is not sent', async ({ page }, info) => {
  test.setTimeout(90_000);
  await signInAs(page, demoEmail('owner'));
  const id = unique(info);
  await command(page, 'templates.create', `e2e-tpl-${id}`, {
    _id: `tpl-${id}`,
    name: `Consent ${id}`,
    subject: `Consent ${id}`,
  });
  await addCustomer(page, `yes-${id}`, { email: `yes-${id}@example.com`, tags: [`c${id}`] });
  await addCustomer(page, `no-${id}`, {
    email: `no-${id}@example.com`,
    tags: [`c${id}`],
    marketingAccepted: false,
  });
  await addCustomer(page, `skip-${id}`, { email: `skip-${id}@example.com`, tags: [`c${id}`] });
  await makeAudience(page, `Consent ${id}`, [[['Tags', `c${id}`]]]);
  await expect(page.getByTestId('audience-count')).toHaveText('3 contacts', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Save' }).click();
  await makeCampaign(page, `Consent campaign ${id}`, `Consent ${id}`, `Consent ${id}`, false);

  // Exclude one contact: it moves to the exclude list.
  const contacts = page.getByRole('region', { name: 'Contacts' });
  await contacts
    .getByRole('listitem')
    .filter({ hasText: `skip-${id}` })
    .getByRole('button', { name: 'Exclude' })
    .click();
  await expect(page.getByRole('region', { name: 'Exclude list' })).toContainText(`skip-${id}`);
  await expect(contacts).not.toContainText(`skip-${id}`);
  await expect(contacts.getByTestId('audience-count')).toHaveText('2 contacts');

  // One recipient has not agreed to marketing: Cancel publishes nothing.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send now' }).click();
  const warning = page.getByRole('alertdialog');
  await expect(warning).toContainText('1 recipient has not agreed to marketing.');
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(
    page.getByText('Campaign not published: some recipients have not agreed to receive marketing.'),
  ).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();

  // 'Send to everyone' sends to both, and not to the excluded one.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send now' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send to everyone' }).click();
  await expect(page.getByText(/Campaign published/)).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(
      async () =>
        (await mails(page))
          .filter((m) => m.subject === `Consent ${id}`)
          .map((m) => m.to)
          .sort(),
      {
        timeout: 30_000,
      },
    )
    .toEqual([`no-${id}@example.com`, `yes-${id}@example.com`]);
});
