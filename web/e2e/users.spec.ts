import { expect, test } from './clock';

/** The Users screen on the shared components: invite dialog, role checkboxes, confirm. */

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

  // Not a member until they accept: the invitation holds the roles and the deactivation.
  const invitations = (await (await page.request.get('/api/users')).json()).invitations as {
    email: string;
    roles: string[];
    deactivated: boolean;
  }[];
  const helper = invitations.find((u) => u.email === invitee)!;
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

test('someone with an account sees an invitation on their profile and accepts it; until then the inviter sees only the address', async ({
  page,
  browser,
}, info) => {
  const stamp = `${info.project.name}-${Date.now()}`;
  const business = `Offer Windows ${stamp}`;
  const owner = await browser.newContext();
  expect(
    (
      await owner.request.post('/api/auth/signup', {
        data: {
          email: `offer-boss-${stamp}@example.com`,
          password: 'a good password',
          name: 'Olga',
          businessName: business,
        },
      })
    ).status(),
  ).toBe(201);
  const email = `offer-${stamp}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    data: { email, password: 'a good password', name: 'Priya Private', businessName: `Priya Panes ${stamp}` },
  });
  expect(signup.status()).toBe(201);
  expect(
    (await owner.request.post('/api/users/invite', { data: { email, roles: ['Planner'] } })).status(),
  ).toBe(201);

  const ownerPage = await owner.newPage();
  // A new Owner starts on quick start; the drawer opens Users.
  const openUsers = async () => {
    await ownerPage.goto('/');
    await expect(ownerPage).toHaveURL(/\/quickstart$/);
    // Below 769 px the drawer is a sheet behind the menu button.
    if ((ownerPage.viewportSize()?.width ?? 0) < 769) {
      await ownerPage.getByRole('button', { name: 'Open menu' }).click();
    }
    await ownerPage
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Users' })
      .click();
    await expect(ownerPage.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  };
  await openUsers();
  const row = ownerPage.getByTestId('user-row').filter({ hasText: email });
  await expect(row.getByText('Invited')).toBeVisible();
  await expect(ownerPage.getByText('Priya Private')).toHaveCount(0);

  // Signed in to their own business (quick start first), they find the offer on their profile.
  await page.goto('/');
  await expect(page).toHaveURL(/\/quickstart$/);
  if ((page.viewportSize()?.width ?? 0) < 769) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Profile' }).click();
  const offer = page.getByTestId('invitation').filter({ hasText: business });
  await expect(offer.getByText('As Planner')).toBeVisible();
  await offer.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText(`You have joined ${business}.`)).toBeVisible();
  await expect(page.getByTestId('invitation')).toHaveCount(0);
  const me = await (await page.request.get('/api/me')).json();
  expect(me.memberships.map((m: { businessName: string }) => m.businessName)).toContain(business);

  await openUsers();
  await expect(
    ownerPage.getByTestId('user-row').filter({ hasText: 'Priya Private' }).getByText('Planner'),
  ).toBeVisible();
  await owner.close();
});
