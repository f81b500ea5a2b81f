import { expect, test } from './clock';
import { ownBusiness } from './own-business.ts';

/**
 * The business sets up its customer portal (spec 002 section 2.5): the wizard's three steps with
 * their rules (the URL handle checked as typed against other businesses'), a custom theme edited
 * as raw JSON (a parse error shown as a notification), Publish, and the public page in another
 * browser context drawn in that theme.
 */

test('set up the portal in the wizard, give it a custom theme, publish, and see the theme on the public page', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const handle = `glass-act-${run}`;
  await ownBusiness(page, {
    email: `portal-${run}@example.com`,
    name: 'Pip',
    businessName: `Glass Act ${run}`,
  });

  // Not set up yet: the portal opens on the wizard.
  await page.goto('/portal-directory');
  await expect(page).toHaveURL(/\/portal-directory\/setup$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Set up your customer portal' })).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();

  // The demo business holds `demo`: said as it is typed, and Next waits.
  const handleField = page.getByLabel('URL handle');
  await handleField.fill('demo');
  await expect(page.getByText('Another business already uses that address.')).toBeVisible();
  await page.getByLabel('I accept the terms').check();
  await expect(next).toBeDisabled();
  await handleField.fill(handle);
  await expect(
    page.getByText(`Available: http://localhost:${process.env.E2E_PORT}/portal/${handle}`),
  ).toBeVisible();
  await info.attach('setup-step-1', { body: await page.screenshot(), contentType: 'image/png' });
  await next.click();

  // Step 2: a name (the account's, already there) and a description.
  await expect(page.getByRole('heading', { name: 'Listing Information' })).toBeVisible();
  await expect(page.getByLabel('Business name')).toHaveValue(`Glass Act ${run}`);
  await expect(next).toBeDisabled();
  await page.getByLabel('Business description').fill('Windows, gutters and conservatory roofs.');
  await page.getByLabel('Contact number', { exact: true }).fill('01632 960123');
  await page.getByRole('textbox', { name: 'Logo' }).fill('not an address');
  await expect(page.getByText('The image must be public to show on your portal.')).toBeVisible();
  await expect(next).toBeDisabled();
  await page.getByRole('textbox', { name: 'Logo' }).fill('');
  await next.click();

  // Step 3: the preview, then Publish.
  const preview = page.getByTestId('listing-preview');
  await expect(preview.getByRole('heading', { name: `Glass Act ${run}` })).toBeVisible();
  await expect(preview.getByText('01632 960123')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/portal-directory$/);

  // Settings: a custom theme from a preset, edited as JSON.
  await page.getByTestId('tab-strip').getByRole('link', { name: 'Settings' }).click();
  await page.getByText('Theme', { exact: true }).first().click();
  await page.getByRole('button', { name: 'Ocean' }).click();
  await expect(page.getByRole('button', { name: 'Ocean' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Customise' }).click();
  await page.getByRole('textbox', { name: /^Name/ }).fill('Harbour lights at dusk');
  // At most 20 characters.
  await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue('Harbour lights at du');
  await page.getByRole('textbox', { name: /^Name/ }).fill('Harbour');
  await expect(page.getByRole('button', { name: 'Harbour' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('radio', { name: 'Raw JSON' }).click();
  const json = page.getByLabel('Theme JSON');
  await json.fill('{"palette": ');
  await page.getByRole('button', { name: 'Apply JSON' }).click();
  await expect(page.getByText('The theme JSON is not valid')).toBeVisible();
  await expect(
    page
      .getByText(/JSON/)
      .filter({ hasText: /Unexpected end|JSON input/ })
      .first(),
  ).toBeVisible();

  // The dialog: invalid JSON is not saved; Ctrl+S saves valid JSON.
  await page.getByRole('button', { name: 'Open JSON editor' }).click();
  const dialog = page.getByRole('dialog');
  const editor = dialog.getByLabel('Theme JSON');
  await editor.fill('{ not json');
  await editor.press('Control+s');
  await expect(dialog.getByRole('alert')).toContainText('Not saved');
  await editor.fill(
    JSON.stringify({
      palette: { mode: 'light', primary: { main: '#be123c' }, secondary: { main: '#0e7490' } },
      shape: { borderRadius: 16 },
      typography: { fontWeightRegular: 500 },
    }),
  );
  await dialog.getByRole('button', { name: 'Format' }).click();
  await expect(editor).toHaveValue(/\n {2}"palette"/);
  await editor.press('Control+s');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('You have unsaved changes.')).toBeVisible();
  await page.getByRole('radio', { name: 'Fields' }).click();
  await expect(page.getByLabel('Primary colour').last()).toHaveValue('#be123c');
  await info.attach('settings-theme', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });

  // Leaving the portal's screens with changes unsaved asks first.
  await page.getByTestId('drawer').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Leave without saving?' })).toBeVisible();
  await page.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/portal-directory\/settings$/);

  // Public: the bar's button says Publish.
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Directory saved')).toBeVisible();
  await expect(page.getByText('You have unsaved changes.')).toBeHidden();

  // Someone else, in a browser of their own, opens the public page: in the theme.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/portal/${handle}`);
  await expect(publicPage.getByRole('heading', { name: `Glass Act ${run}` })).toBeVisible();
  const variable = (name: string) =>
    publicPage.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
  expect(await variable('--rw-primary')).toBe('#be123c');
  expect(await variable('--rw-radius')).toBe('16px');
  await visitor.close();
});
