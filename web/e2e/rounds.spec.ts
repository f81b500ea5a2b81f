import type { Page } from '@playwright/test';
import { expect, test } from './clock';
import { goOffline, goOnline } from './network';
import { serverEntities } from './server-state';
import { demoEmail, signInAs } from './session';

/** Rounds, in the browser against the real runtime, on desktop and mobile. */

// Long flows on a machine shared with other work: more than the default 30 s each.
test.describe.configure({ timeout: 90_000 });

const signIn = (page: Page) => signInAs(page, demoEmail('owner'));

/** Whether the server holds a round of that name (a full sync, snapshot pages included). */
async function serverHasRound(page: Page, name: string) {
  return (await serverEntities(page.request, 'round')).some((r) => r.description === name);
}

/** Round names unique per project: desktop and mobile share one runtime and data folder. */
const named = (name: string) => `${name} ${test.info().project.name}`;

async function openRounds(page: Page) {
  await signIn(page);
  await page.goto('/rounds');
  await expect(page.getByRole('heading', { name: 'Rounds', level: 1 })).toBeVisible();
  // The first load of the account's data.
  await expect(page.getByRole('region', { name: 'Totals' })).toBeVisible({ timeout: 20_000 });
}

async function addRound(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add round' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add round' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Add round' }).click();
  // The new round opens.
  await expect(page.getByRole('dialog', { name })).toBeVisible();
}

const roundDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Round actions' }) });

async function menu(page: Page, item: string) {
  await roundDialog(page).getByRole('button', { name: 'Round actions' }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** The job names in the round dialog, in planned order. */
const jobNames = (page: Page) =>
  roundDialog(page)
    .getByRole('list', { name: 'Jobs in planned order' })
    .locator('li span.font-medium.truncate')
    .allTextContents();

/** Opens the first demo round that has at least `min` jobs. */
async function openBusyRound(page: Page, min = 3) {
  const cards = page.locator('ul li button', { hasText: / jobs ·/ });
  const count = await cards.count();
  for (let i = 0; i < count; i++) {
    const text = (await cards.nth(i).textContent()) ?? '';
    const jobs = Number(/(\d+) jobs/.exec(text)?.[1] ?? 0);
    if (jobs >= min) {
      await cards.nth(i).click();
      await expect(roundDialog(page)).toBeVisible();
      await expect(roundDialog(page).getByRole('list', { name: 'Jobs in planned order' })).toBeVisible();
      return;
    }
  }
  throw new Error('no demo round with enough jobs');
}

test('the list shows rounds by name with totals, a table variant, and search', async ({ page }, info) => {
  await openRounds(page);
  const names = await page.locator('ul li button span.font-medium.truncate').allTextContents();
  expect(names.length).toBeGreaterThan(2);
  expect(
    [...names].sort((a, b) => a.localeCompare(b, 'en-GB', { sensitivity: 'base', numeric: true })),
  ).toEqual(names);
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.getByText('Per month')).toBeVisible();
  await expect(totals.getByText(/£[\d,]+\.\d\d/).first()).toBeVisible();
  await page.screenshot({ path: info.outputPath('rounds-list.png'), fullPage: true });

  await page.getByRole('button', { name: 'Show as table' }).click();
  const table = page.getByRole('table');
  for (const h of ['Round', 'Ad hoc', 'Monthly recurring', 'Annual recurring']) {
    await expect(table.getByRole('columnheader', { name: h })).toBeVisible();
  }
  await expect(table.locator('tfoot').getByText('Totals')).toBeVisible();
  await page.screenshot({ path: info.outputPath('rounds-table.png'), fullPage: true });
  await page.getByRole('button', { name: 'Show as cards' }).click();

  const first = names[0] as string;
  await page.getByRole('searchbox', { name: 'Search rounds' }).fill(first.slice(0, 4).toUpperCase());
  await expect(page.locator('ul li button span.font-medium.truncate')).toContainText([first]);
  await expect(page.getByText(/^1 round$|^\d+ rounds$/)).toBeVisible();

  // The Quote tab (Advanced and above; the demo is Ultimate): quoted jobs by round, or its empty state.
  await page.getByRole('link', { name: 'Quote', exact: true }).click();
  await expect(page).toHaveURL(/\/rounds\/pending$/);
  await expect(
    page.getByRole('region', { name: 'Totals' }).or(page.getByText('No quoted jobs are waiting in a round.')),
  ).toBeVisible();
  await page.screenshot({ path: info.outputPath('rounds-quote-tab.png'), fullPage: true });
});

test('creates rounds, refuses a blank or taken name, and renames one into the other (merge)', async ({
  page,
}, info) => {
  await openRounds(page);
  await page.getByRole('button', { name: 'Add round' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add round' });
  await add.getByRole('button', { name: 'Add round' }).click();
  await expect(add.getByText('Enter a name for the round.')).toBeVisible();
  const existing = (await page
    .locator('ul li button span.font-medium.truncate')
    .first()
    .textContent()) as string;
  await add.getByLabel('Name').fill(`  ${existing.toUpperCase()} `);
  await add.getByRole('button', { name: 'Add round' }).click();
  await expect(add.getByText('A round with that name already exists.')).toBeVisible();
  await page.keyboard.press('Escape');

  const a = named('Merge Alpha');
  const b = named('Merge Beta');
  await addRound(page, a);
  await page.keyboard.press('Escape');
  await addRound(page, b);
  // Give Beta a job from a demo round.
  await roundDialog(page).getByRole('button', { name: 'Add existing job' }).click();
  const picker = page.getByRole('dialog', { name: 'Add existing job' });
  await picker.getByRole('checkbox').first().click();
  await picker.getByRole('button', { name: 'Add 1 job' }).click();
  await expect(
    roundDialog(page).getByRole('list', { name: 'Jobs in planned order' }).locator('li'),
  ).toHaveCount(1);

  await menu(page, 'Rename');
  const rename = page.getByRole('dialog', { name: 'Rename' });
  await rename.getByLabel('Name').fill(a.toLowerCase());
  await expect(rename.getByText(`${a} already exists.`)).toBeVisible();
  await page.screenshot({ path: info.outputPath('rename-merge.png') });
  await rename.getByRole('button', { name: 'Rename and merge' }).click();
  await expect(roundDialog(page).getByRole('heading', { name: a.toLowerCase() })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('searchbox', { name: 'Search rounds' }).fill('merge ');
  const names = page.locator('ul li button span.font-medium.truncate');
  await expect(names.filter({ hasText: a.toLowerCase() })).toHaveCount(1);
  await expect(names.filter({ hasText: b })).toHaveCount(0);
  await expect(page.locator('ul li button', { hasText: a.toLowerCase() })).toContainText('1 job');
});

test('sets a schedule on a round with jobs (after confirming), then resets it', async ({ page }, info) => {
  await openRounds(page);
  await openBusyRound(page);
  await menu(page, 'Set frequency');
  const dialog = page.getByRole('dialog', { name: 'Set frequency' });
  await dialog.getByLabel('Every how many weeks').fill('2');
  await expect(dialog.getByText(/Every 2 weeks/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Apply this schedule to all the jobs in the round?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Apply to all jobs' }).click();
  await expect(page.getByText('Round schedule set. Its jobs have been replanned.')).toBeVisible();
  await expect(roundDialog(page).getByTestId('round-frequency')).toContainText('Every 2 weeks');
  await page.screenshot({ path: info.outputPath('round-scheduled.png') });

  await menu(page, 'Reset schedule');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset schedule' }).click();
  await expect(roundDialog(page).getByTestId('round-frequency')).toContainText('Every 2 weeks');
});

test('sets a round’s location: bad coordinates are refused, the middle of its jobs taken and kept', async ({
  page,
}, info) => {
  await openRounds(page);
  await openBusyRound(page);
  await menu(page, 'Set location');
  const dialog = page.getByRole('dialog', { name: 'Set location' });
  await dialog.getByLabel('Address or area').fill('Chesterton');
  // Not a position: the error shows and Save keeps the dialog open.
  await dialog.getByLabel('Latitude').fill('95');
  await dialog.getByLabel('Longitude').fill('0.13');
  await expect(dialog.getByRole('alert')).toHaveText(
    'Enter a latitude between -90 and 90 and a longitude between -180 and 180.',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeVisible();
  // The middle of the round's located jobs replaces what was typed.
  await dialog.getByRole('button', { name: "Use the middle of the round's jobs" }).click();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  const lat = Number(await dialog.getByLabel('Latitude').inputValue());
  const lng = Number(await dialog.getByLabel('Longitude').inputValue());
  expect(Math.abs(lat)).toBeLessThanOrEqual(90);
  expect(Math.abs(lng)).toBeLessThanOrEqual(180);
  await page.screenshot({ path: info.outputPath('round-location.png') });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Round location set.')).toBeVisible();
  // Opened again, the dialog shows what was saved.
  await menu(page, 'Set location');
  await expect(dialog.getByLabel('Address or area')).toHaveValue('Chesterton');
  await expect(dialog.getByLabel('Latitude')).toHaveValue(String(lat));
  await expect(dialog.getByLabel('Longitude')).toHaveValue(String(lng));
});

/**
 * Drags a job by its handle and drops it at `fraction` of the height of the row now at `onto`:
 * with the mouse on a desktop, with a finger on a phone (touch events, as the screen sends them).
 */
async function dragRow(page: Page, from: number, onto: number, fraction: number) {
  const list = roundDialog(page).getByRole('list', { name: 'Jobs in planned order' });
  // The list as high in the dialog as it goes: the rows dragged over are on screen.
  await list.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const handle = list
    .locator('li')
    .nth(from)
    .getByRole('button', { name: /^Drag to reorder/ });
  const a = (await handle.boundingBox()) as { x: number; y: number; width: number; height: number };
  const b = (await list.locator('li').nth(onto).boundingBox()) as { y: number; height: number };
  const x = a.x + a.width / 2;
  const [y0, y1] = [a.y + a.height / 2, b.y + b.height * fraction];
  // Many small moves, as a hand makes: the rows are shown in a new order under the pointer on the way.
  const steps = 12;
  if (test.info().project.use.hasTouch) {
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y?: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: y === undefined ? [] : [{ x, y }] });
    await touch('touchStart', y0);
    for (let i = 1; i <= steps; i++) await touch('touchMove', y0 + ((y1 - y0) * i) / steps);
    await touch('touchEnd');
    await cdp.detach();
  } else {
    await page.mouse.move(x, y0);
    await page.mouse.down();
    await page.mouse.move(x, y1, { steps });
    await page.mouse.up();
  }
}

// On both viewports: on a phone the rows are taller, the dialog scrolls, and the finger drags.
test(
  'reorders a round by dragging and with the keyboard; the order survives a reload',
  { tag: '@both' },
  async ({ page }, info) => {
    await openRounds(page);
    await openBusyRound(page, 4);
    // The dialog re-extracts its jobs a second after data changes: read the order once it is settled.
    await page.clock.runFor(1500);
    // The drive by road is worked out after the dialog opens, above the list: measure once it is there.
    await expect(roundDialog(page).getByTestId('round-road-totals')).toContainText('By road');
    const before = await jobNames(page);
    const [a, b, c, d, ...rest] = before as [string, string, string, string, ...string[]];

    // Down three rows: the first job dropped on the fourth row's lower half becomes fourth.
    await dragRow(page, 0, 3, 0.75);
    await expect.poll(() => jobNames(page)).toEqual([b, c, d, a, ...rest]);
    await page.screenshot({ path: info.outputPath('dragged.png') });

    // Up two rows: dropped on the second row's upper half, it becomes second.
    await dragRow(page, 3, 1, 0.25);
    await expect.poll(() => jobNames(page)).toEqual([b, a, c, d, ...rest]);

    // Keyboard: move the same job down one more.
    const list = roundDialog(page).getByRole('list', { name: 'Jobs in planned order' });
    await list
      .locator('li')
      .nth(1)
      .getByRole('button', { name: `Move ${a} down`, exact: true })
      .click();
    const moved = [b, c, a, d, ...rest];
    await expect.poll(() => jobNames(page)).toEqual(moved);

    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', {
      timeout: 15_000,
    });
    await page.reload();
    await expect.poll(() => jobNames(page), { timeout: 20_000 }).toEqual(moved);
  },
);

test('optimises a round’s route from the business address and shows the distances', async ({
  page,
}, info) => {
  await openRounds(page);
  await openBusyRound(page, 4);
  await menu(page, 'Optimise route');
  const status = roundDialog(page).getByRole('status');
  await expect(status).toContainText('Route optimised:');
  const [before, after] = ((await status.textContent()) ?? '').match(/[\d.]+(?= km)/g)?.map(Number) ?? [];
  expect(after).toBeLessThanOrEqual(before as number);
  await page.screenshot({ path: info.outputPath('optimised.png') });
});

test('deletes rounds with the wording for no jobs and for their jobs', async ({ page }, info) => {
  await openRounds(page);
  const name = named('Delete Me');
  await addRound(page, name);
  await menu(page, 'Delete round');
  await expect(page.getByRole('alertdialog')).toContainText(`Delete the round ${name}? It has no jobs.`);
  await page.screenshot({ path: info.outputPath('delete-confirm.png') });
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Round ${name} deleted.`)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search rounds' }).fill(name);
  await expect(page.getByText('No rounds match your search.')).toBeVisible();
});

test(
  'works offline: a round added and renamed offline syncs when back online',
  { tag: '@phone' },
  async ({ page, context }, info) => {
    await openRounds(page);
    await goOffline(context);
    const name = named('Offline Round');
    await addRound(page, name);
    await menu(page, 'Rename');
    const rename = page.getByRole('dialog', { name: 'Rename' });
    await rename.getByLabel('Name').fill(`${name} 2`);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(roundDialog(page).getByRole('heading', { name: `${name} 2` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText(`${name} 2`)).toBeVisible();
    await page.screenshot({ path: info.outputPath('offline.png'), fullPage: true });
    await goOnline(context);
    await expect.poll(() => serverHasRound(page, `${name} 2`), { timeout: 30_000 }).toBe(true);
  },
);
