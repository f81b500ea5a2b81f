import type { Page } from '@playwright/test';
import { installClock } from './clock';
import { expect, test } from './offline-proxy';
import { demoEmail, signInAs } from './session';

/**
 * Two people edit one customer, the Owner with no signal. The edit made later
 * wins each field; the person whose value lost is told on their device (which field, theirs, the
 * value kept) and can apply theirs again with one tap; lines both added to the notes are kept.
 */
const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name, exact: true });

async function openCustomer(page: Page, id: string, name: string) {
  await page.goto(`/customers/${id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced');
}

async function editTelephone(page: Page, telephone: string) {
  await tab(page, 'Overview').click();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit customer' });
  await edit.getByLabel('Telephone').fill(telephone);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Customer saved.')).toBeVisible();
}

async function addNotesLine(page: Page, line: string) {
  await tab(page, 'Notes').click();
  const notes = page.getByRole('textbox', { name: 'Notes' });
  await notes.fill(`${await notes.inputValue()}\n${line}`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Notes saved.')).toBeVisible();
}

test(
  'an offline edit that lost is told with one tap to apply it; both notes lines are kept',
  { tag: '@phone' },
  async ({ page, signal, browser }, info) => {
    test.setTimeout(120_000);
    const tag = `${info.project.name}-${Date.now()}`;
    const name = `Conflict ${tag}`;
    await signInAs(page, demoEmail('owner'));
    const server = await signal.server();
    const created = await server.post('/api/commands/customers.create', {
      data: {
        commandId: `e2e-conflict-${tag}`,
        input: { name, telephoneNumber: '01223 100100', notes: 'Side gate' },
      },
    });
    expect(created.status()).toBe(200);
    const id = (await created.json()).result._id as string;

    // The Owner's phone holds the customer, then loses the signal.
    await openCustomer(page, id, name);
    await page.evaluate(() => navigator.serviceWorker.ready);
    if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced');
    await signal.goOffline();
    await editTelephone(page, '01223 111111');
    await addNotesLine(page, 'Owner: dog in garden');

    // A minute later (a few seconds here), the Admin, online (a browser of their own, not behind the
    // Owner's cut signal), changes the same field and adds a line.
    const adminContext = await browser.newContext({
      proxy: { server: 'http://127.0.0.1:9', bypass: 'localhost,127.0.0.1' },
    });
    await installClock(adminContext);
    const admin = await adminContext.newPage();
    await signInAs(admin, demoEmail('admin'));
    await openCustomer(admin, id, name);
    await editTelephone(admin, '01223 222222');
    await addNotesLine(admin, 'Admin: pays by cheque');
    await expect(admin.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced');

    // The Owner reconnects: their older telephone lost, and they are told so; both lines are kept.
    await signal.goOnline();
    const notice = page.getByTestId('conflict-notices').getByRole('alert');
    await expect(notice).toHaveCount(1, { timeout: 30_000 });
    await expect(notice).toContainText(`${name} · Telephone: your change was not kept`);
    await expect(notice.getByTestId('conflict-yours')).toHaveText('01223 111111');
    await expect(notice.getByTestId('conflict-kept')).toHaveText('01223 222222');
    await expect(page.getByRole('textbox', { name: 'Notes' })).toHaveValue(
      'Side gate\nOwner: dog in garden\nAdmin: pays by cheque',
    );
    await tab(page, 'Overview').click();
    await expect(page.getByTestId('customer-overview')).toContainText('01223 222222');
    await page.screenshot({ path: info.outputPath('conflict-notice.png'), fullPage: true });

    // One tap puts theirs back: a new edit, later than the Admin's, so it is kept; the notice goes.
    await notice.getByRole('button', { name: 'Use mine instead' }).click();
    await expect(page.getByTestId('conflict-notices')).toHaveCount(0);
    await expect(page.getByTestId('customer-overview')).toContainText('01223 111111');
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced');

    // The Admin's device, on its next sync, shows the Owner's number and both lines; no notice for them.
    await admin.reload();
    await tab(admin, 'Overview').click();
    await expect(admin.getByTestId('customer-overview')).toContainText('01223 111111', { timeout: 20_000 });
    await tab(admin, 'Notes').click();
    await expect(admin.getByRole('textbox', { name: 'Notes' })).toHaveValue(
      'Side gate\nOwner: dog in garden\nAdmin: pays by cheque',
    );
    await expect(admin.getByTestId('conflict-notices')).toHaveCount(0);
    await adminContext.close();
  },
);
