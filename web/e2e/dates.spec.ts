import type { Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { expect, test } from './clock';
import { serverEntities } from './server-state';
import { demoEmail, signInAs } from './session';

/**
 * Dates read and typed day first (dd/mm/yyyy) in every date field, whatever the browser's locale:
 * a native date input follows the browser, so an en-US Chromium showed 11/25/2026 to a UK business.
 * The run's clock makes today 25 November 2026.
 */
test.use({ locale: 'en-US' });

async function command(page: Page, name: string, input: unknown) {
  const res = await page.request.post(`/api/commands/${name}`, {
    data: { commandId: `e2e-dates-${name}-${Date.now()}-${Math.random()}`, input },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result;
}

test('a date field in an en-US browser shows and takes dd/mm/yyyy', async ({ page }, info) => {
  test.setTimeout(60_000);
  await signInAs(page, demoEmail('owner'));
  const name = `Day First ${info.project.name} ${Date.now()}`;
  const customer = await command(page, 'customers.create', { name });
  await page.goto(`/customers/${customer._id}/jobs`);
  await page.getByRole('button', { name: 'Add job' }).click({ timeout: 20_000 });
  const form = page.getByRole('dialog', { name: 'New job' });
  const field = form.getByRole('textbox', { name: 'First visit' });
  // Today, the 25th of November, day first.
  await expect(field).toHaveValue('25/11/2026');

  // An impossible date says so when the user leaves the field, and the job is not added.
  await field.fill('31/02/2026');
  await field.press('Tab');
  await expect(form.getByText('Enter a real date as day/month/year, for example 25/11/2026.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('button', { name: 'Add job' }).click();
  await expect(form).toBeVisible();

  // The calendar opens on the typed day; the keys move across the month's end and Enter picks.
  await field.fill('1/12/2026');
  const calendar = form.getByRole('button', { name: 'First visit: choose from a calendar' });
  await calendar.click();
  const picked = page.getByRole('button', { name: /^Tuesday,? 1 December 2026$/ });
  await expect(picked).toBeFocused();
  await expect(picked).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'the job form with its calendar open');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('button', { name: /^Monday,? 30 November 2026$/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(field).toHaveValue('30/11/2026');
  // Focus returns to the calendar button it opened from.
  await expect(calendar).toBeFocused();

  // Typed day first, it saves the 1st of December (not the 12th of January).
  await field.fill('01/12/2026');
  await form.getByRole('button', { name: 'Add job' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('job-card')).toHaveCount(1);
  await expect
    .poll(
      async () =>
        (await serverEntities(page.request, 'job')).find((j) => j.customerId === customer._id)?.date,
      {
        timeout: 15_000,
      },
    )
    .toBe('2026-12-01');
});

test('the schedule day picker reads and takes dd/mm/yyyy in an en-US browser', async ({ page }) => {
  await signInAs(page, demoEmail('owner'));
  await page.goto('/schedule');
  const field = page.getByRole('textbox', { name: 'Pick a date' });
  await expect(field).toHaveValue('25/11/2026', { timeout: 20_000 });
  await field.fill('01/12/2026');
  await expect(page).toHaveURL(/\/schedule\/2026-12-01/);
  await expect(page.getByTestId('day-title')).toHaveText(/^Tuesday,? 1 December 2026$/);
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(field).toHaveValue('02/12/2026');
});

test('a visit moved by typing a day-first date lands on that day', async ({ page }, info) => {
  await signInAs(page, demoEmail('owner'));
  const name = `Moved Day First ${info.project.name} ${Date.now()}`;
  const customer = await command(page, 'customers.create', { name });
  const job = await command(page, 'jobs.create', {
    customerId: customer._id,
    date: '2026-11-25',
    frequencyType: 'OneOff',
  });
  await page.goto('/schedule/2026-11-25');
  const row = page.getByTestId('visit').filter({ hasText: name });
  await row.getByRole('button', { name: `More actions for ${name}` }).click({ timeout: 20_000 });
  await page.getByRole('menuitem', { name: 'Move to another day' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move visit' });
  const field = dialog.getByRole('textbox', { name: 'New date' });
  await expect(field).toHaveValue('25/11/2026');
  await field.fill('3/12/2026');
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(
      async () =>
        (await serverEntities(page.request, 'visit')).find((v) => v.jobId === job._id)?.isoPlannedDate,
      { timeout: 15_000 },
    )
    .toBe('2026-12-03');
});
