import { expect, test } from './clock';
import { demoEmail, signInAs } from './session';

/** Remote support (spec 002 section 2.12): off by default, on per device, payment fields hidden. */

test('an Owner turns remote support on for this device; the agent never sees the payment providers', async ({
  page,
}) => {
  await signInAs(page, demoEmail('owner'));
  await page.goto('/profile');
  const toggle = page.getByRole('switch', { name: 'Remote support' });
  await expect(toggle).not.toBeChecked();
  await expect(page.locator('html')).not.toHaveAttribute('data-remote-support', /./);
  await toggle.click();
  await expect(page.getByText('Remote support is on for this device.')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-remote-support', 'connected');

  // The switch holds across a restart of the app, and the script is told what to hide.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Payment providers' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-remote-support', 'connected');
  const shared = await page.evaluate(() =>
    (
      window as unknown as { RoundwiseRemoteSupport: { shared: () => string } }
    ).RoundwiseRemoteSupport.shared(),
  );
  expect(shared).toContain('Settings');
  expect(shared).not.toContain('Payment providers');
  expect(shared).toContain('[hidden]');

  // Off again: the app reloads without the script.
  await page.goto('/profile');
  await page.getByRole('switch', { name: 'Remote support' }).click();
  await expect(page.getByRole('switch', { name: 'Remote support' })).not.toBeChecked();
  await expect(page.locator('html')).not.toHaveAttribute('data-remote-support', /./);
});
