import { expect, test } from './clock';
import { demoEmail, signInAs } from './session';

/** Light, dark or system theme, kept per device and applied before the first paint. */

// A service worker would serve the app's JavaScript past page.route: block it here.
test.use({ serviceWorkers: 'block' });

test('the theme chosen in Profile stays after a reload and is applied before any app code runs', async ({
  page,
}) => {
  await signInAs(page, demoEmail('admin'));
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/profile');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);

  await page.getByTestId('theme-picker').click();
  await page.getByRole('option', { name: 'Dark' }).click();
  await expect(html).toHaveClass(/dark/);
  await expect(page.getByTestId('theme-picker')).toHaveText('Dark');

  // Without the app's JavaScript at all, the inline script in index.html still sets the theme:
  // the page never paints light first.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/profile');
  await expect(page.locator('#root')).toBeEmpty();
  await expect(html).toHaveClass(/dark/);
  await page.unroute('**/assets/*.js');

  // "System" follows the device, live.
  await page.goto('/profile');
  await page.getByTestId('theme-picker').click();
  await page.getByRole('option', { name: 'System' }).click();
  await expect(html).not.toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/dark/);
});
