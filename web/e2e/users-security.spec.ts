import { expect, test } from './clock';

/** The users security view (`users/audit`): what the audit log says about each person's access. */

test('an Owner sees a failed sign-in and an invitation in the security view, per person', async ({
  page,
}, info) => {
  const stamp = `${info.project.name}-${Date.now()}`;
  const owner = `sec-${stamp}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    data: { email: owner, password: 'a good password', name: 'Sam Secure', businessName: `Secure ${stamp}` },
  });
  expect(signup.status()).toBe(201);
  const invitee = `sec-helper-${stamp}@example.com`;
  expect(
    (
      await page.request.post('/api/users/invite', {
        data: { email: invitee, name: 'Hal', roles: ['Worker'] },
      })
    ).status(),
  ).toBe(201);
  // Someone tries the Owner's address with a wrong password (the answer sets no cookie).
  expect(
    (
      await page.request.post('/api/auth/login', { data: { email: owner, password: 'not the password' } })
    ).status(),
  ).toBe(401);

  await page.goto('/users/audit');
  await expect(page.getByRole('heading', { name: 'Security', exact: true })).toBeVisible();
  const ownerRow = page.getByRole('listitem').filter({ hasText: owner }).first();
  await expect(ownerRow.getByTestId('count-sign-in-failed')).toHaveText('1 failed sign-in');
  const inviteeRow = page.getByRole('listitem').filter({ hasText: invitee }).first();
  await expect(inviteeRow.getByTestId('count-invitation')).toHaveText('1 invitation event');
  await ownerRow.getByText('Sam Secure').click();
  await expect(ownerRow.getByText('Failed sign-in', { exact: true })).toBeVisible();
  await expect(ownerRow.getByText(`Failed sign-in for ${owner}`)).toBeVisible();
});
