import { expect, test } from './clock';

/** `subscription` (Owner): the plan, its levels and what each includes. */

test('an Owner opens subscription, sees what each level includes and moves to Ultimate', async ({
  page,
}, info) => {
  const stamp = `${info.project.name}-${Date.now()}`;
  const signup = await page.request.post('/api/auth/signup', {
    data: {
      email: `plan-${stamp}@example.com`,
      password: 'a good password',
      name: 'Pat Plan',
      businessName: `Plan ${stamp}`,
    },
  });
  expect(signup.status()).toBe(201);
  expect((await page.request.post('/api/account/subscription', { data: { level: 'Core' } })).status()).toBe(
    200,
  );

  await page.goto('/subscription');
  // One plan screen at one address.
  await expect(page).toHaveURL(/\/account\/subscription$/);
  const core = page.getByRole('list', { name: 'What Core includes' });
  await expect(core.getByText('Rounds, route optimising and totals by road')).toBeVisible();
  const ultimate = page.getByRole('list', { name: 'What Ultimate includes' });
  await expect(ultimate.getByText('The users security view')).toBeVisible();
  await expect(page.getByText('Current plan')).toBeVisible();
  await page.getByRole('button', { name: 'Choose Ultimate' }).click();
  await expect(page.getByRole('button', { name: 'Choose Core' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose Ultimate' })).toHaveCount(0);
  // The security view Ultimate includes now opens.
  await page.goto('/users/audit');
  await expect(page.getByRole('heading', { name: 'Security', exact: true })).toBeVisible();
});
