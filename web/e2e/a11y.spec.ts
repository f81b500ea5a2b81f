import type { Locator, Page } from '@playwright/test';
import { expect, installClock, test } from './clock';
import { DEMO_PASSWORD, demoEmail, signInAs } from './session';

// Keyboard journeys of many steps each: more time than the suite's 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

/**
 * Keyboard use (WCAG 2.1.1, 2.4.1, 2.4.3) and the fixes the accessibility review asked for; every
 * screen here is also checked by axe through the fixture (a11y.ts).
 */

/** The element that has focus, described by its role, name or id. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    return el.id ? `#${el.id}` : (el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName);
  });

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

async function openCustomers(page: Page) {
  await signInAs(page, demoEmail('owner'));
  await page.goto('/customers');
  await expect(page.getByTestId('customer-list')).toBeVisible({ timeout: 15_000 });
}

test('the skip link is the first stop and moves past the menu to the screen', async ({ page }) => {
  await openCustomers(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // The next stop is inside the screen, not the menu's first entry.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
});

test('a dialog takes focus, keeps it inside, and gives it back to its opener on close', async ({ page }) => {
  await openCustomers(page);
  const opener = page.getByRole('button', { name: 'New customer' });
  for (const close of ['Escape', 'Cancel', 'Close'] as const) {
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New customer' });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // Trapped: Tab and Shift+Tab past either end of the dialog stay inside it.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 30; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    if (close === 'Escape') await page.keyboard.press('Escape');
    else await dialog.getByRole('button', { name: close, exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  }
});

test('the round dialog and Invite give focus back to their openers', async ({ page }) => {
  await signInAs(page, demoEmail('owner'));
  await page.goto('/rounds');
  await expect(page.getByRole('region', { name: 'Totals' })).toBeVisible({ timeout: 20_000 });
  const card = page.locator('ul li button', { hasText: / jobs ·/ }).first();
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await isFocused(card)).toBe(true);

  await page.goto('/users');
  const invite = page.getByRole('button', { name: 'Invite' }).first();
  await invite.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await isFocused(invite)).toBe(true);
});

test('signing in: Email, Password, then "Forgot password?"; focus then starts on the screen', async ({
  browser,
}) => {
  // Its own context with no session, as the demo Worker (the sign-in limit is per email).
  const context = await browser.newContext();
  await installClock(context);
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.getByLabel('Email').focus();
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('#password');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeFocused();

  await page.getByLabel('Email').fill(demoEmail('worker'));
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('main')).toBeFocused({ timeout: 15_000 });
  await context.close();
});

test('the round dialog’s move buttons are 24 px targets', async ({ page }) => {
  await signInAs(page, demoEmail('owner'));
  await page.goto('/rounds');
  await expect(page.getByRole('region', { name: 'Totals' })).toBeVisible({ timeout: 20_000 });
  await page
    .locator('ul li button', { hasText: / jobs ·/ })
    .first()
    .click();
  const up = page.getByRole('button', { name: /^Move .+ down$/ }).first();
  await expect(up).toBeVisible();
  const box = (await up.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(24);
  expect(box.height).toBeGreaterThanOrEqual(24);
});
