import type { APIRequestContext, Page, Route } from '@playwright/test';
import { expectAccessible } from './a11y';
import { expect, test } from './offline-proxy';
import { signInAs } from './session';

/**
 * Issue 3 parts 5 and 6: the app works offline. Changes made with no signal are kept (in
 * IndexedDB, through a reload served by the service worker), counted in the sync prompt (spec 000
 * section 2.2), sent in order when the signal returns, applied by the server exactly once, and a
 * change the server refuses is shown with its message, never dropped. The browser reaches the
 * server through the test's proxy, which drops everything while offline (`offline-proxy.ts`).
 */

const OWNER = { email: 'owner@demo.roundwise.local', password: 'demo-password' };
const offlinePrompt = (count: number) => `You are offline and not synced. Items awaiting sync: ${count}`;

interface Team {
  _id: string;
  _version: number;
  _deleted?: boolean;
  name: string;
  colour: string;
}

/** The account's live teams as the server holds them: a full `GET /api/sync` from no cursor. */
async function serverTeams(request: APIRequestContext): Promise<Team[]> {
  const byId = new Map<string, Team>();
  let cursor = '';
  for (let page = 0; page < 100; page++) {
    const res = await request.get(`/api/sync?cursor=${encodeURIComponent(cursor)}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as {
      changes: { type: string; entity: Team }[];
      cursor: string;
      hasMore: boolean;
    };
    for (const c of body.changes) {
      if (c.type !== 'team') continue;
      const seen = byId.get(c.entity._id);
      if (!seen || seen._version <= c.entity._version) byId.set(c.entity._id, c.entity);
    }
    cursor = body.cursor;
    if (!body.hasMore) break;
  }
  return [...byId.values()].filter((t) => !t._deleted);
}

const signIn = (page: Page) => signInAs(page, OWNER.email);

/**
 * Opens the teams screen and waits until the service worker controls the page (its precache of
 * the app shell is complete) and the account is synced: only then may the signal go.
 */
async function openTeamsReadyForOffline(page: Page) {
  await page.goto('/teams');
  await expect(page.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // autoUpdate's worker claims the open page as it activates; a reload is the fallback.
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced');
}

async function createTeam(page: Page, name: string) {
  await page.getByRole('button', { name: 'New team' }).first().click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(teamCard(page, name)).toBeVisible();
}

/** The sync prompt's words (phones show them to screen readers and as the title, beside a count). */
async function expectPrompt(page: Page, text: string) {
  const status = page.getByTestId('sync-status');
  await expect(status).toHaveAttribute('title', text);
  await expect(status).toContainText(text);
}

const teamCard = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });

test(
  'changes made offline survive a reload and reach the server exactly once, in order',
  { tag: '@phone' },
  async ({ page, signal }, info) => {
    test.setTimeout(90_000);
    const tag = `${info.project.name}-${Date.now()}`;
    const existing = `Existing ${tag}`;
    const renamed = `Renamed ${tag}`;
    const north = `North ${tag}`;
    const south = `South ${tag}`;
    const southFinal = `South yard ${tag}`;
    const late = `Late ${tag}`;
    await signIn(page);
    await openTeamsReadyForOffline(page);
    await createTeam(page, existing);
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced');

    // No signal: four changes through the screen, each counted as waiting. The last renames a team
    // the third created, so a replay out of order would be refused (teams.not-found).
    await signal.goOffline();
    await expectPrompt(page, offlinePrompt(0));
    await createTeam(page, north);
    await expectPrompt(page, offlinePrompt(1));
    await teamCard(page, existing).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await page.getByRole('button', { name: 'Save' }).click();
    await createTeam(page, south);
    await expectPrompt(page, offlinePrompt(3));
    await teamCard(page, south).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill(southFinal);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPrompt(page, offlinePrompt(4));
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'offline');
    await page.screenshot({ path: info.outputPath('offline-pending.png') });

    // Still offline, a reload: the service worker serves the app, IndexedDB its data and queue.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible();
    for (const name of [renamed, north, southFinal]) await expect(teamCard(page, name)).toBeVisible();
    await expect(teamCard(page, existing)).toHaveCount(0);
    await expectPrompt(page, offlinePrompt(4));
    await page.screenshot({ path: info.outputPath('offline-after-reload.png') });
    // A change made after that offline reload still shows at once: the command's own code (a chunk
    // loaded on the first command of a page) comes from the service worker's cache.
    await createTeam(page, late);
    await expectPrompt(page, offlinePrompt(5));
    // Nothing reached the server yet.
    const server = await signal.server();
    expect((await serverTeams(server)).filter((t) => t.name.endsWith(tag)).map((t) => t.name)).toEqual([
      existing,
    ]);

    // The signal returns: the queue drains and the prompt says synced.
    await signal.goOnline();
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', {
      timeout: 20_000,
    });
    await expectPrompt(page, 'All changes synced');
    await expect(page.getByTestId('refused-changes')).toHaveCount(0);

    // Each change applied once, in order: one team per name, the create at version 1 (a second
    // apply would bump it), each renamed team one version above its create.
    const teams = (await serverTeams(page.request)).filter((t) => t.name.endsWith(tag));
    expect(teams.map((t) => t.name).sort()).toEqual([north, renamed, southFinal, late].sort());
    const byName = new Map(teams.map((t) => [t.name, t]));
    expect(byName.get(north)?._version).toBe(1);
    expect(byName.get(late)?._version).toBe(1);
    expect(byName.get(renamed)?._version).toBe(2);
    expect(byName.get(southFinal)?._version).toBe(2);

    // Another reload online shows the server's copy, still no duplicates on screen.
    await page.reload();
    for (const name of [renamed, north, southFinal, late]) await expect(teamCard(page, name)).toHaveCount(1);
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced');

    // 'Sync now' in the drawer brings a colleague's change at once and says so.
    const colleague = `Colleague ${tag}`;
    const created = await page.request.post('/api/commands/teams.create', {
      data: {
        commandId: `e2e-sync-now-${tag}`,
        input: { name: colleague, colour: '#1d4ed8', memberUserIds: [] },
      },
    });
    expect(created.status()).toBe(200);
    const mobile = (page.viewportSize()?.width ?? 0) < 769;
    if (mobile) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByTestId('drawer').getByRole('button', { name: 'Sync now' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'All changes synced' })).toBeVisible();
    if (mobile) await page.keyboard.press('Escape');
    await expect(teamCard(page, colleague)).toHaveCount(1);
  },
);

test(
  'a change the server refuses on replay is shown with its message; the others still apply',
  { tag: '@phone' },
  async ({ page, signal }, info) => {
    test.setTimeout(90_000);
    const tag = `${info.project.name}-${Date.now()}`;
    const depot = `Depot ${tag}`;
    const yard = `Yard ${tag}`;
    await signIn(page);
    await openTeamsReadyForOffline(page);

    await signal.goOffline();
    await createTeam(page, depot);
    await createTeam(page, yard);
    await expectPrompt(page, offlinePrompt(2));

    // Meanwhile a colleague, online, creates a team with the same name.
    const colleague = await (await signal.server()).post('/api/commands/teams.create', {
      data: {
        commandId: `e2e-colleague-${tag}`,
        input: { name: depot, colour: '#b91c1c', memberUserIds: [] },
      },
    });
    expect(colleague.status()).toBe(200);

    await signal.goOnline();
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', {
      timeout: 20_000,
    });
    const refused = page.getByTestId('refused-changes').getByRole('listitem');
    await expect(refused).toHaveCount(1);
    await expect(refused).toContainText(`“${depot}” was not saved`);
    await expect(refused).toContainText('A team with that name already exists.');
    await page.screenshot({ path: info.outputPath('refused-on-replay.png') });
    // One alert holding a valid list (role=alert items inside the list were invalid, WCAG 1.3.1).
    await expectAccessible(page);

    // The server holds the colleague's Depot and the device's Yard, once each; the screen agrees.
    const teams = (await serverTeams(page.request)).filter((t) => t.name.endsWith(tag));
    expect(teams.map((t) => [t.name, t.colour]).sort()).toEqual(
      [
        [depot, '#b91c1c'],
        [yard, '#0d9488'],
      ].sort(),
    );
    await expect(teamCard(page, depot)).toHaveCount(1);
    await expect(teamCard(page, yard)).toHaveCount(1);

    // The refusal stays on its screen (also across a reload) until the user dismisses it...
    await page.reload();
    await expect(refused).toHaveCount(1);
    await expect(refused.getByRole('button', { name: 'Dismiss' })).toBeVisible();
    // ...or, once seen, leaves that screen: it no longer follows the user to every screen.
    await page.evaluate(() => {
      history.pushState({}, '', '/about');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { name: 'About', level: 1 })).toBeVisible();
    await expect(page.getByTestId('refused-changes')).toHaveCount(0);
  },
);

test('with no signal the service worker reaches nothing either', { tag: '@phone' }, async ({
  page,
  signal,
}) => {
  await signIn(page);
  await openTeamsReadyForOffline(page);
  // The worker's own request (its update check, GET /sw.js): Playwright's offline emulation and
  // request routing let it through, a phone with no signal does not.
  const update = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.update().then(
        () => 'reached the server',
        (error: Error) => `failed: ${error.name}`,
      );
    });
  await signal.goOffline();
  expect(await update()).toMatch(/^failed/);
  await signal.goOnline();
  expect(await update()).toBe('reached the server');
});

test(
  'over a poor signal the app opens on the data it holds instead of waiting for the server',
  { tag: '@phone' },
  async ({ page, context }, info) => {
    await signIn(page);
    await openTeamsReadyForOffline(page);
    const name = `Slow signal ${info.project.name} ${Date.now()}`;
    await createTeam(page, name);
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced');
    await page.waitForTimeout(1500); // the cache's save to IndexedDB is throttled to 1 s

    // One bar of signal: the API takes 15 s to say who is signed in.
    const slow = async (route: Route) => {
      await new Promise((r) => setTimeout(r, 15_000));
      await route.continue().catch(() => {});
    };
    await context.route('**/api/me', slow);
    const started = Date.now();
    await page.reload();
    await expect(teamCard(page, name)).toBeVisible({ timeout: 8_000 });
    // Opened after the 1.5 s grace (lib/me.ts ME_GRACE_MS), not after the 15 s answer.
    expect(Date.now() - started).toBeLessThan(8_000);
    await page.screenshot({ path: info.outputPath('poor-signal.png') });
    await context.unroute('**/api/me', slow);
  },
);
