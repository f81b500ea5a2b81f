import type { APIRequestContext, Page } from '@playwright/test';
import { expect, installClock, test } from './clock';
import { goOffline, goOnline } from './network';
import { serverEntities as serverEntitiesOf } from './server-state';
import { apiContextAs, demoEmail, signInAs } from './session';

/**
 * Custom fields (spec 001 section 2.1): an Owner makes a risk assessment from the standard
 * template, required before a visit is done; a Worker at the door, with no signal, is stopped by
 * it when marking the visit done, fills it in (a skipped check with its reason, a photo, a
 * signature) and marks the visit done; back online it syncs, and the Owner sees the answers on
 * the visit. Then an option renamed keeps its answers, and a type change is refused with the count.
 */
const SYNCED = { timeout: 20_000 };
test.describe.configure({ timeout: 150_000 });

let ownerApi: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  ownerApi = await apiContextAs(baseURL, demoEmail('owner'));
});
test.afterAll(() => ownerApi.dispose());

let seq = 0;
// biome-ignore lint/suspicious/noExplicitAny: command results are arbitrary JSON here
async function command(name: string, input: unknown): Promise<any> {
  const res = await ownerApi.post(`/api/commands/${name}`, {
    data: { commandId: `e2e-fields-${Date.now()}-${seq++}`, input },
  });
  expect(res.status(), `${name}: ${await res.text()}`).toBe(200);
  return (await res.json()).result;
}
const serverEntities = (type: string) => serverEntitiesOf(ownerApi, type);
const todayOf = (page: Page) =>
  page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(),
    ),
  );

/** A small PNG (a photo as the phone's camera would hand it over). */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGM4UaFBEmIY1TCqYfhqAAADaGgQ43GRdgAAAABJRU5ErkJggg==',
  'base64',
);

test(
  'a worker fills a required risk assessment offline on a phone; the owner sees it; renames keep answers',
  { tag: '@phone' },
  async ({ page, context, browser }, info) => {
    const tag = `${info.project.name}-${Date.now()}`;
    const title = `Risk ${tag}`;

    // The Owner makes the collection from the standard template, required before "done".
    const ownerContext = await browser.newContext({ baseURL: info.project.use.baseURL });
    await installClock(ownerContext);
    const owner = await ownerContext.newPage();
    await signInAs(owner, demoEmail('owner'));
    await owner.goto('/custom-fields');
    await expect(owner).toHaveURL(/\/custom-fields\/main$/, SYNCED);
    await owner.getByRole('button', { name: 'From a template' }).click();
    const pick = owner.getByRole('dialog', { name: 'From a template' });
    await pick.getByRole('tab', { name: 'Standard templates' }).click();
    await pick.getByRole('button', { name: /Risk assessment/ }).click();
    const create = owner.getByRole('dialog', { name: 'New collection' });
    await create.getByLabel('Title').fill(title);
    await create.getByRole('checkbox', { name: /Required/ }).check();
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(owner).toHaveURL(/\/custom-fields\/schemas\/[^/]+$/);
    const schemaId = owner.url().split('/').pop() as string;
    await expect(owner.getByRole('list', { name: 'Fields' }).getByRole('listitem')).toHaveCount(8, SYNCED);
    await owner.screenshot({ path: info.outputPath('schema.png'), fullPage: true });

    // The Worker's visit today, on a job the collection is enabled for.
    const users = (await (await ownerApi.get('/api/users')).json()).users as {
      email: string;
      userId: string;
    }[];
    const workerId = users.find((u) => u.email === demoEmail('worker'))?.userId as string;
    await signInAs(page, demoEmail('worker'));
    await page.goto('/about');
    const today = await todayOf(page);
    const name = `Fields ${tag}`;
    const customer = await command('customers.create', { name });
    const job = await command('jobs.create', {
      customerId: customer._id,
      date: today,
      price: 20,
      frequencyType: 'Weeks',
      frequencyInterval: 4,
      assignees: [workerId],
    });
    // The Owner enables it on the job, through the job's own custom-fields dialog.
    await owner.goto(`/customers/${customer._id}/jobs`);
    await owner.getByTestId('job-card').getByRole('button', { name: 'Choose custom fields' }).click();
    const onJob = owner.getByRole('dialog', { name: 'Custom fields on this job' });
    await onJob.getByRole('searchbox').fill(title);
    await onJob.getByRole('checkbox', { name: title }).check();
    await onJob.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(
        async () => (await serverEntities('fieldLinker')).find((l) => l._id === `jobs/${job._id}`)?.schemaIds,
      )
      .toEqual([schemaId]);
    const visitId = `${job._id}-${today.replaceAll('-', '')}`;

    await page.goto(`/mywork/${visitId}`);
    const panel = page.getByRole('region', { name: 'Custom fields' });
    await expect(panel).toContainText(title, SYNCED);
    await expect(panel.getByTestId('progress-chip')).toHaveText('0/8 Completed');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, SYNCED);
    await expect(panel).toContainText(title, SYNCED);

    // At the door, no signal: "done" opens the form instead, until the collection is complete.
    await goOffline(context);
    await page.getByTestId('visit-detail').getByRole('button', { name: 'Mark done' }).click();
    const fill = page.getByRole('dialog', { name: 'Complete fields' });
    await expect(fill).toBeVisible();
    for (const check of [
      'Access to the property is safe',
      'Ground is level and firm for ladders',
      'No overhead power lines near the work',
      'No pets or children in the work area',
    ]) {
      await fill.getByRole('button', { name: `Yes: ${check}` }).click();
    }
    // A skip needs its reason: the quick list sends the worker to the form.
    await fill.getByRole('button', { name: 'Skip: Weather is safe for the work' }).click();
    await fill.getByRole('button', { name: 'Skip', exact: true }).click();
    await expect(fill.getByRole('alert')).toHaveText('Give a reason for skipping this field.');
    await fill.getByLabel('Notes').fill('Rain due at noon; work finished before');
    await fill.getByRole('button', { name: 'Skip', exact: true }).click();
    // The risk level needs a note (Always).
    await fill
      .getByTestId('fill-item-0')
      .getByRole('button', { name: /^Risk level/ })
      .click();
    await fill.getByRole('radio', { name: 'Low' }).check();
    await fill.getByRole('button', { name: 'Continue' }).click();
    await expect(fill.getByRole('alert')).toHaveText('Add a note before you continue.');
    await fill.getByLabel('Notes').fill('Steep drive');
    await fill.getByRole('button', { name: 'Continue' }).click();
    // A photo with no signal is kept on the phone.
    await fill
      .getByTestId('fill-item-6')
      .getByRole('button', { name: /^Photo of the site/ })
      .click();
    await fill
      .getByTestId('photo-input')
      .setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: PHOTO });
    await expect(fill.getByRole('img', { name: 'Photo taken' })).toBeVisible();
    await fill.getByRole('button', { name: 'Continue' }).click();
    // The customer signs on the screen.
    await fill
      .getByTestId('fill-item-7')
      .getByRole('button', { name: /^Signature/ })
      .click();
    const pad = await fill.getByTestId('signature-pad').boundingBox();
    if (!pad) throw new Error('no signature pad');
    await page.mouse.move(pad.x + 20, pad.y + 20);
    await page.mouse.down();
    await page.mouse.move(pad.x + 80, pad.y + 60, { steps: 5 });
    await page.mouse.move(pad.x + 140, pad.y + 30, { steps: 5 });
    await page.mouse.up();
    await fill.getByRole('button', { name: 'Continue' }).click();
    await expect(fill.getByTestId('progress-chip')).toHaveText('Complete');
    await page.screenshot({ path: info.outputPath('fill-offline.png'), fullPage: true });
    await fill.getByRole('button', { name: 'Finish', exact: true }).click();

    await page.getByTestId('visit-detail').getByRole('button', { name: 'Mark done' }).click();
    await expect(page.getByTestId('visit-detail').getByText('Done', { exact: true })).toBeVisible();
    await expect(page.getByText(/Items awaiting sync: \d+/)).toBeVisible();
    await page.screenshot({ path: info.outputPath('visit-done-offline.png'), fullPage: true });
    expect((await serverEntities('visit')).find((v) => v._id === visitId)).toBeUndefined();

    // Back online: the answers and the done visit reach the server, in order.
    await goOnline(context);
    await expect
      .poll(async () => (await serverEntities('visit')).find((v) => v._id === visitId)?.status, {
        timeout: 30_000,
      })
      .toBe(1);
    const [values] = (await serverEntities('fieldValues')).filter((v) => v.schemaId === schemaId);
    expect(values.values['5']).toMatchObject({
      skipped: true,
      notes: 'Rain due at noon; work finished before',
    });
    expect(values.values['0']).toMatchObject({ value: ['low'], notes: 'Steep drive' });
    expect(values.values['7'].value).toMatch(/^M\d+ \d+ L/);
    // The photo kept on the phone goes to the attachments store now it is online.
    await expect
      .poll(
        async () =>
          (await serverEntities('fieldValues')).find((v) => v.schemaId === schemaId)?.values['6']?.value,
        { timeout: 30_000 },
      )
      .toMatch(/^[\w-]{10,64}$/);
    expect(
      (await serverEntities('attachment')).some(
        (a) => a.related.includes(job._id) && a.contentType === 'image/jpeg',
      ),
    ).toBe(true);

    // The Owner sees the answers on the visit, in the schedule's detail of it.
    await owner.goto(`/schedule/${today}/${visitId}`);
    await expect(owner.getByTestId('visit-detail')).toBeVisible(SYNCED);
    const seen = owner.getByRole('region', { name: 'Custom fields' });
    await expect(seen).toContainText('Steep drive', SYNCED);
    await expect(seen).toContainText('Low');
    await expect(seen).toContainText('Rain due at noon');
    await expect(seen.getByRole('img', { name: 'Signed' })).toBeVisible();
    await owner.screenshot({ path: info.outputPath('owner-sees-answers.png'), fullPage: true });

    // Renaming the option keeps the answer: it shows under its new name.
    await owner.goto(`/custom-fields/schemas/items/edit/${schemaId}/0`);
    const item = owner.getByRole('dialog', { name: 'Edit field' });
    await item.getByLabel('Option 2').fill('Minor');
    await item.getByRole('button', { name: 'Save' }).click();
    await owner.goto(`/mywork/${visitId}`);
    await expect(seen).toContainText('Minor', SYNCED);
    await expect(seen).not.toContainText('Low');

    // A change of type of an answered field is refused with the count of its answers.
    await owner.goto(`/custom-fields/schemas/items/edit/${schemaId}/1`);
    await item.getByLabel('Type').selectOption('number');
    await item.getByRole('button', { name: 'Save' }).click();
    await expect(item.getByRole('alert')).toHaveText(
      'Answers given to this field: 1. Its type cannot change, except a number to text.',
    );
    await owner.screenshot({ path: info.outputPath('type-change-refused.png') });
    await ownerContext.close();
  },
);

test('an admin defines a collection: fields with options, enabled for visits, a field cloned', async ({
  page,
}, info) => {
  const title = `Van ${info.project.name}-${Date.now()}`;
  await signInAs(page, demoEmail('owner'));
  await page.goto('/custom-fields/main');
  await page.getByRole('button', { name: 'New collection' }).click();
  const create = page.getByRole('dialog', { name: 'New collection' });
  await create.getByRole('combobox', { name: /^For/ }).selectOption('job-occurrence-completion');
  await create.getByLabel('Title').fill(title);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible(SYNCED);
  // Creating one enables nothing: it is offered once the global dialog turns it on.
  await expect(page.getByTestId('schema-enabled')).toHaveText(
    'Not offered yet: turn it on in Enabled fields',
  );

  // A choice field: options added with Enter, trimmed.
  await page.getByRole('link', { name: 'Add field' }).click();
  await expect(page).toHaveURL(/\/custom-fields\/schemas\/items\/edit\/[^/]+\/0\?new=true$/);
  const item = page.getByRole('dialog', { name: 'Add field' });
  await item.getByLabel('Title').fill('Tyre condition');
  await item.getByLabel('Type').selectOption('select');
  await item.getByRole('button', { name: 'Save' }).click();
  await expect(item.getByRole('alert')).toHaveText('Add at least one option.');
  for (const option of ['  Good ', 'Worn']) {
    await item.getByLabel('Add an option and press Enter').fill(option);
    await item.getByLabel('Add an option and press Enter').press('Enter');
  }
  await expect(item.getByLabel('Option 1')).toHaveValue('Good');
  await page.screenshot({ path: info.outputPath('item-dialog.png') });
  await item.getByRole('button', { name: 'Save' }).click();
  const fields = page.getByRole('list', { name: 'Fields' });
  await expect(fields.getByRole('listitem')).toHaveCount(1);
  await expect(fields).toContainText('Choice');

  // Clone a field from the standard risk assessment made by another test or from a template.
  await page.getByRole('button', { name: 'Clone a field' }).click();
  const clone = page.getByRole('dialog', { name: 'Clone a field' });
  await clone.getByRole('searchbox').fill(title);
  await expect(clone.getByText('No other collection has fields to clone.')).toBeVisible();
  await clone.getByRole('button', { name: 'Close' }).first().click();

  // Edit opens with editing=true.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(/editing=true/);
  await page.getByRole('dialog', { name: 'Edit collection' }).getByRole('button', { name: 'Save' }).click();

  // The global dialog enables it for visits; its global tab lists it, read-only.
  await page.goto('/custom-fields/main');
  await page.getByRole('button', { name: 'Enabled fields' }).click();
  const global = page.getByRole('dialog', { name: 'Enabled fields' });
  await global.getByRole('searchbox').fill(title);
  await global.getByRole('checkbox', { name: title }).check();
  await page.screenshot({ path: info.outputPath('global-dialog.png') });
  await global.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Enabled fields' }).click();
  await global.getByRole('tab', { name: 'Global fields' }).click();
  await expect(global.getByRole('checkbox', { name: new RegExp(title) })).toBeDisabled();
  await expect(global.getByRole('checkbox', { name: new RegExp(title) })).toBeChecked();
  await global.getByRole('button', { name: 'Save' }).click();
  // Leave no visit of the shared demo account held back by this collection.
  await page.getByRole('button', { name: 'Enabled fields' }).click();
  await global.getByRole('searchbox').fill(title);
  await global.getByRole('checkbox', { name: title }).uncheck();
  await global.getByRole('button', { name: 'Save' }).click();
  await page.screenshot({ path: info.outputPath('main.png') });
});

/** Adds to or takes from the list of collections enabled for a kind of record (the global dialog's). */
async function enableFor(resourceType: string, schemaId: string, on: boolean) {
  const current = (await serverEntities('fieldLinker')).find((l) => l._id === `global.${resourceType}`);
  const ids: string[] = (current?.schemaIds ?? []).filter((id: string) => id !== schemaId);
  await command('custom-fields.set-enabled', { resourceType, schemaIds: on ? [...ids, schemaId] : ids });
}

/** A collection for a kind of record with the fields given, made through the commands. */
async function collection(title: string, target: string, items: object[]): Promise<string> {
  const schema = await command('custom-fields.create-schema', { title, target });
  for (const item of items) await command('custom-fields.save-item', { schemaId: schema._id, item });
  return schema._id;
}

test("a job's dialog enables collections on the job and its visits; the job's and the customer's fields are filled in place", async ({
  page,
}, info) => {
  const tag = `${info.project.name}-${Date.now()}`;
  const jobChecks = await collection(`Job checks ${tag}`, 'job', [
    { title: 'Gate code works', type: 'boolean' },
    { title: 'Ladder height', type: 'number', settings: { decimalPlaces: 1, suffix: ' m' } },
  ]);
  const visitChecks = await collection(`Visit checks ${tag}`, 'job-occurrence-completion', [
    { title: 'Frames wiped', type: 'boolean', skippable: true },
  ]);
  const prefs = await collection(`Preferences ${tag}`, 'customer', [
    { title: 'Preferred day', type: 'text' },
  ]);
  const customer = await command('customers.create', { name: `Fields ${tag}` });
  await signInAs(page, demoEmail('owner'));
  await page.goto('/about');
  const today = await todayOf(page);
  const job = await command('jobs.create', {
    customerId: customer._id,
    date: today,
    price: 25,
    frequencyType: 'Weeks',
    frequencyInterval: 4,
  });

  // Nothing is offered on the job until its dialog (or the global one) enables something.
  await page.goto(`/customers/${customer._id}/jobs`);
  const card = page.getByTestId('job-card');
  const panel = card.getByRole('region', { name: 'Custom fields of the job' });
  await expect(card).toContainText('Every 4 weeks', SYNCED);
  await expect(panel).toHaveCount(0);
  await card.getByRole('button', { name: 'Choose custom fields' }).click();
  const dialog = page.getByRole('dialog', { name: 'Custom fields on this job' });
  await dialog.getByRole('searchbox').fill(tag);
  // Collections for the job and for its visits' completion; not the customer's.
  await expect(dialog.getByRole('checkbox')).toHaveCount(2);
  await dialog.getByRole('checkbox', { name: `Job checks ${tag}` }).check();
  await dialog.getByRole('checkbox', { name: `Visit checks ${tag}` }).check();
  await dialog.getByRole('tab', { name: 'Global fields' }).click();
  await expect(dialog.getByRole('tabpanel')).not.toContainText(tag);
  await page.screenshot({ path: info.outputPath('job-dialog.png') });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () =>
      (await serverEntities('fieldLinker')).find((l) => l._id === `jobs/${job._id}`)?.schemaIds?.sort(),
    )
    .toEqual([jobChecks, visitChecks].sort());

  // The job's own collection is filled on its card: one collection, so the flow opens at its items.
  await expect(panel.getByTestId('progress-chip')).toHaveText('0/2 Completed');
  await expect(panel).not.toContainText(`Visit checks ${tag}`);
  await panel.getByRole('button', { name: 'Complete fields' }).click();
  const fill = page.getByRole('dialog', { name: 'Complete fields' });
  await fill.getByRole('button', { name: 'Yes: Gate code works' }).click();
  await fill
    .getByTestId('fill-item-1')
    .getByRole('button', { name: /^Ladder height/ })
    .click();
  await fill.getByLabel('Answer').fill('3.5');
  await fill.getByRole('button', { name: 'Continue' }).click();
  await expect(fill.getByTestId('progress-chip')).toHaveText('Complete');
  await fill.getByRole('button', { name: 'Finish', exact: true }).click();
  await expect(panel.getByTestId('progress-chip')).toHaveText('Complete');
  await expect(panel).toContainText('3.5 m');
  await page.screenshot({ path: info.outputPath('job-fields.png'), fullPage: true });
  await expect
    .poll(
      async () => (await serverEntities('fieldValues')).find((v) => v.schemaId === jobChecks)?.values,
      SYNCED,
    )
    .toMatchObject({ '0': { value: true }, '1': { value: 3.5 } });
  const [answers] = (await serverEntities('fieldValues')).filter((v) => v.schemaId === jobChecks);
  expect([answers.target, answers.targetObjectId, answers.customerId]).toEqual([
    'job',
    job._id,
    customer._id,
  ]);

  // The visit collection enabled on the job is offered on the job's visits.
  await page.goto(`/mywork/${job._id}-${today.replaceAll('-', '')}`);
  await expect(page.getByRole('region', { name: 'Custom fields' })).toContainText(
    `Visit checks ${tag}`,
    SYNCED,
  );

  // The customer's collection, once enabled for customers, is filled on their overview.
  await enableFor('customer', prefs, true);
  try {
    await page.goto(`/customers/${customer._id}`);
    const mine = page.getByRole('region', { name: 'Custom fields' });
    await expect(mine).toContainText(`Preferences ${tag}`, SYNCED);
    await mine.getByRole('button', { name: 'Complete fields' }).click();
    await fill
      .getByTestId('fill-item-0')
      .getByRole('button', { name: /^Preferred day/ })
      .click();
    await fill.getByLabel('Answer').fill('Tuesdays');
    await fill.getByRole('button', { name: 'Continue' }).click();
    await fill.getByRole('button', { name: 'Finish', exact: true }).click();
    await expect(mine).toContainText('Tuesdays');
    await expect(mine.getByTestId('progress-chip')).toHaveText('Complete');
    await expect
      .poll(
        async () => (await serverEntities('fieldValues')).find((v) => v.schemaId === prefs)?.targetObjectId,
        SYNCED,
      )
      .toBe(customer._id);
  } finally {
    await enableFor('customer', prefs, false);
  }
});

test(
  'a worker fills their own health screening on their profile with no signal; the owner sees it on the users list',
  {
    tag: '@phone',
  },
  async ({ page, context, browser }, info) => {
    const tag = `${info.project.name}-${Date.now()}`;
    const title = `Health ${tag}`;
    const schemaId = await collection(title, 'accountuser', [
      { title: 'Fit for ladder work', type: 'boolean' },
      { title: 'Allergies', type: 'text', skippable: true },
    ]);
    await enableFor('accountuser', schemaId, true);
    try {
      await signInAs(page, demoEmail('worker'));
      await page.goto('/profile');
      const panel = page.getByRole('region', { name: 'Custom fields' });
      await expect(panel).toContainText(title, SYNCED);
      await expect(panel.getByTestId('progress-chip')).toHaveText('0/2 Completed');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.reload();
      await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, SYNCED);
      await expect(panel).toContainText(title, SYNCED);

      await goOffline(context);
      await panel.getByRole('button', { name: 'Complete fields' }).click();
      const fill = page.getByRole('dialog', { name: 'Complete fields' });
      await fill.getByRole('button', { name: 'Yes: Fit for ladder work' }).click();
      await fill
        .getByTestId('fill-item-1')
        .getByRole('button', { name: /^Allergies/ })
        .click();
      await fill.getByLabel('Answer').fill('Wasp stings');
      await fill.getByRole('button', { name: 'Continue' }).click();
      await expect(fill.getByTestId('progress-chip')).toHaveText('Complete');
      await fill.getByRole('button', { name: 'Finish', exact: true }).click();
      await expect(panel).toContainText('Wasp stings');
      await page.screenshot({ path: info.outputPath('profile-fields-offline.png'), fullPage: true });
      expect((await serverEntities('fieldValues')).filter((v) => v.schemaId === schemaId)).toEqual([]);

      await goOnline(context);
      await expect
        .poll(
          async () => (await serverEntities('fieldValues')).find((v) => v.schemaId === schemaId)?.values,
          {
            timeout: 30_000,
          },
        )
        .toMatchObject({ '0': { value: true }, '1': { value: 'Wasp stings' } });

      // The Owner, at a desk, sees the worker's chip on the users list and opens the answers.
      const ownerContext = await browser.newContext({ baseURL: info.project.use.baseURL });
      await installClock(ownerContext);
      const owner = await ownerContext.newPage();
      await signInAs(owner, demoEmail('owner'));
      await owner.goto('/users');
      const row = owner.getByTestId('user-row').filter({ hasText: demoEmail('worker') });
      const chip = row.getByRole('button', { name: /^Custom fields of / });
      await expect(chip).toHaveText('Complete', SYNCED);
      await chip.click();
      const seen = owner.getByRole('dialog', { name: 'Complete fields' });
      await expect(seen.getByTestId('fill-item-1')).toContainText('Wasp stings');
      await owner.screenshot({ path: info.outputPath('users-fields.png') });
      await ownerContext.close();
    } finally {
      await enableFor('accountuser', schemaId, false);
    }
  },
);
