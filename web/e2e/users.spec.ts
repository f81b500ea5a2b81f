import { expect, test } from './clock';

/** Issue 3: the Users screen on the shared components: invite dialog, role checkboxes, confirm. */

test('an Owner invites someone, changes their roles and deactivates them after confirming', async ({
  page,
}, info) => {
  const stamp = `${info.project.name}-${Date.now()}`;
  const signup = await page.request.post('/api/auth/signup', {
    data: {
      email: `boss-${stamp}@example.com`,
      password: 'a good password',
      name: 'Bea Boss',
      businessName: `Boss Windows ${stamp}`,
    },
  });
  expect(signup.status()).toBe(201);
  const invitee = `helper-${stamp}@example.com`;

  // A new Owner starts on quick start (spec 000 section 2.1); its invite step opens Users.
  await page.goto('/');
  await expect(page).toHaveURL(/\/quickstart$/);
  await page.getByTestId('step-user-invited').getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Invite' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite someone' });
  await invite.getByLabel('Email').fill(invitee);
  await invite.getByLabel('Name').fill('Hal Helper');
  // Worker is ticked by default; no role at all cannot be sent.
  await invite.getByRole('checkbox', { name: 'Worker' }).click();
  await expect(invite.getByText('Choose at least one role.')).toBeVisible();
  await expect(invite.getByRole('button', { name: 'Send invitation' })).toBeDisabled();
  await invite.getByRole('checkbox', { name: 'Planner' }).click();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toBeHidden();
  await expect(page.getByText(`Invitation sent to ${invitee}`)).toBeVisible();

  const row = page.getByTestId('user-row').filter({ hasText: invitee });
  await expect(row.getByText('Invited')).toBeVisible();
  await expect(row.getByText('Planner')).toBeVisible();

  await row.getByRole('button', { name: 'Actions for Hal Helper' }).click();
  await page.getByRole('menuitem', { name: 'Change roles' }).click();
  const roles = page.getByRole('dialog', { name: 'Roles of Hal Helper' });
  await roles.getByRole('checkbox', { name: 'Admin' }).click();
  await roles.getByRole('button', { name: 'Save' }).click();
  await expect(roles).toBeHidden();
  await expect(row.getByText('Admin')).toBeVisible();

  // Deactivating asks first; Cancel changes nothing.
  await row.getByRole('button', { name: 'Actions for Hal Helper' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Deactivate Hal Helper?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByText('Deactivated')).toHaveCount(0);
  await row.getByRole('button', { name: 'Actions for Hal Helper' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row.getByText('Deactivated')).toBeVisible();

  const users = (await (await page.request.get('/api/users')).json()).users as {
    email: string;
    roles: string[];
    deactivated: boolean;
  }[];
  const helper = users.find((u) => u.email === invitee)!;
  expect(helper.roles.sort()).toEqual(['Admin', 'Planner']);
  expect(helper.deactivated).toBe(true);
  // The Owner's own row offers no actions (the server refuses changing the Owner too).
  await expect(
    page
      .getByTestId('user-row')
      .filter({ hasText: 'Bea Boss' })
      .getByRole('button', { name: /Actions/ }),
  ).toHaveCount(0);
});
