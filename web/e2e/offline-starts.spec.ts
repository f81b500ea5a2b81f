import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, BrowserContext, Page, TestInfo } from '@playwright/test';
import { Visits } from '@roundwise/core';
import { directRequest, expect, goOffline, goOnline, type OfflineProxy, test } from './offline-proxy';
import { killBrowser, openProfile } from './profile';
import { serverEntities as serverEntitiesOf } from './server-state';
import { apiContextAs, demoEmail, signInAs } from './session';

/**
 * A worker in a van opens the app with no signal as often as they like
 * (reloads, the browser closed and opened again) and sees the day's visits with what they did
 * offline, the waiting count true; what they did just before the browser died is still on screen.
 * The browser has a profile on disk and reaches the server only through the test's proxy, which
 * drops everything while offline (`offline-proxy.ts`): the service worker gets no signal either.
 */

test.describe.configure({ timeout: 180_000 });
/** First appearance after a navigation waits for the app to restore and sync (2 shared CPUs). */
const SYNCED = { timeout: 20_000 };
const offlinePrompt = (count: number) => `You are offline and not synced. Items awaiting sync: ${count}`;

/** The owner's API, not through the proxy: the server as a colleague online sees it. */
let ownerApi: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  const session = await apiContextAs(baseURL, demoEmail('owner'));
  ownerApi = await directRequest(baseURL, (await session.storageState()).cookies);
  await session.dispose();
});
test.afterAll(() => ownerApi.dispose());

let seq = 0;
// biome-ignore lint/suspicious/noExplicitAny: command results are arbitrary JSON here
async function command(name: string, input: unknown): Promise<any> {
  const res = await ownerApi.post(`/api/commands/${name}`, {
    data: { commandId: `e2e-starts-${Date.now()}-${seq++}`, input },
  });
  expect(res.status(), `${name}: ${await res.text()}`).toBe(200);
  return (await res.json()).result;
}

/** A customer with a four-weekly job whose visit is due on `day`: its visit record's id. */
async function visitOn(name: string, day: string): Promise<string> {
  const customer = await command('customers.create', {
    name,
    address: { addressDescription: `1 ${name} Street, Cambridge` },
  });
  const job = await command('jobs.create', { customerId: customer._id, date: day, price: 21 });
  return `${job._id}-${day.replaceAll('-', '')}`;
}

const serverEntities = (type: string) => serverEntitiesOf(ownerApi, type);

/** The business's today as the app computes it (the browser's zone). */
const todayOf = (page: Page) =>
  page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(),
    ),
  );

const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/**
 * The test's own day (schedule.spec.ts uses 10 to 14 days ahead): only its visits are on it, so
 * none sits under the support button at the foot of a phone's screen.
 */
const dayFor = async (page: Page, info: TestInfo, offset: number) =>
  addDays(await todayOf(page), offset + (info.project.name === 'mobile' ? 100 : 0));

const visitRow = (page: Page, name: string) => page.getByTestId('visit').filter({ hasText: name });
const noteOf = (page: Page, name: string, note: string) => visitRow(page, name).locator(`[title="${note}"]`);

/** The sync prompt's words (phones show them to screen readers and as the title, beside a count). */
async function expectPrompt(page: Page, text: string) {
  const status = page.getByTestId('sync-status');
  await expect(status).toHaveAttribute('title', text, SYNCED);
  await expect(status).toContainText(text);
}

/** The day's visits on screen, synced, and the service worker in control: the signal may go. */
async function openDayReadyForOffline(page: Page, day: string, names: string[]) {
  await page.goto(`/schedule/${day}`);
  for (const name of names) await expect(visitRow(page, name)).toBeVisible(SYNCED);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', SYNCED);
}

async function openMenu(page: Page, name: string, item: 'Skip' | 'Notes') {
  await page.getByRole('button', { name: `More actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function writeNote(page: Page, name: string, note: string) {
  await openMenu(page, name, 'Notes');
  const dialog = page.getByRole('dialog', { name: 'Visit notes' });
  await dialog.getByLabel('Notes').fill(note);
  await dialog.getByRole('button', { name: 'Save notes' }).click();
  await expect(dialog).toBeHidden();
}

/** What `holdEntityWrites` lets a test see of the page's writes. */
interface Writes {
  /** Entity sets being held back. */
  held: number;
  /** The queued commands of each manifest written, as text. */
  queued: string[];
}

/**
 * From now on the page's IndexedDB never finishes writing an entity set (the app's transaction is
 * kept busy), as when the browser dies while writing a large account's visits on a phone: the
 * queued command is saved at once, the entities it changed never.
 */
async function holdEntityWrites(page: Page) {
  await page.evaluate(() => {
    const writes: Writes = { held: 0, queued: [] };
    (window as unknown as { writes: Writes }).writes = writes;
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if (key === 'manifest')
        writes.queued.push(JSON.stringify((value as { mutations?: unknown }).mutations));
      if (typeof (value as { entities?: unknown } | null)?.entities !== 'string')
        return put.call(this, value, key);
      writes.held++;
      const busy = () => {
        this.count().onsuccess = busy;
      };
      busy();
      return undefined as unknown as IDBRequest<IDBValidKey>;
    };
  });
}

/**
 * Waits until a manifest holding `text` in a queued command was written and an entity set is held
 * back now: the persister writes one save after the other, so that manifest is stored.
 */
async function commandSavedEntitiesNot(page: Page, text: string) {
  await page.waitForFunction((t) => {
    const { writes } = window as unknown as { writes: Writes };
    return writes.held > 0 && writes.queued.some((q) => q.includes(t));
  }, text);
}

/** Waits until the device's cache holds every change (the persister's throttled save is done). */
async function expectCacheSaved(page: Page) {
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-cache', 'saved');
}

/** Opens the profile's browser again on the day, with no signal (a start in a dead spot). */
async function reopenOffline(dir: string, day: string, proxy: OfflineProxy, info: TestInfo) {
  const opened = await openProfile(dir, proxy, info, { offline: true });
  await opened.page.goto(`/schedule/${day}`);
  return opened;
}

test(
  'the app opens offline every time: five starts in a row, two after closing the browser',
  { tag: '@phone' },
  async ({ offlineProxy }, info) => {
    const dir = mkdtempSync(join(tmpdir(), 'roundwise-profile-'));
    let { context, page } = await openProfile(dir, offlineProxy, info);
    try {
      await signInAs(page, demoEmail('owner'));
      await page.goto('/about');
      const day = await dayFor(page, info, 16);
      const tag = `${info.project.name} ${Date.now()}`;
      const [done, skipped, noted] = [`Done ${tag}`, `Skipped ${tag}`, `Noted ${tag}`];
      const note = `Side gate code 4512 (${tag})`;
      const ids = {
        done: await visitOn(done, day),
        skipped: await visitOn(skipped, day),
        noted: await visitOn(noted, day),
      };
      await openDayReadyForOffline(page, day, [done, skipped, noted]);

      // No signal: three changes to the day's visits, each counted as waiting.
      await goOffline(offlineProxy, context);
      await page.getByRole('button', { name: `Mark ${done} done` }).click();
      await openMenu(page, skipped, 'Skip');
      const skip = page.getByRole('dialog', { name: 'Skip visit' });
      await skip.getByLabel('Reason').fill('Gate locked');
      await skip.getByRole('button', { name: 'Skip visit' }).click();
      await writeNote(page, noted, note);

      const expectDay = async (start: string) => {
        await expect(visitRow(page, done), start).toHaveAttribute('data-status', '1', SYNCED);
        await expect(visitRow(page, skipped), start).toHaveAttribute('data-status', '2');
        await expect(visitRow(page, skipped), start).toContainText('Gate locked');
        await expect(noteOf(page, noted, note), start).toHaveCount(1);
        await expectPrompt(page, offlinePrompt(3));
        await page.screenshot({ path: info.outputPath(`${start.replaceAll(' ', '-')}.png`) });
      };
      await expectDay('before the starts');

      // Starts 1 and 2: reloads with no signal.
      await page.reload();
      await expectDay('start 1');
      await page.reload();
      await expectDay('start 2');
      // Start 3: the browser closed and opened again, still no signal.
      await context.close();
      ({ context, page } = await reopenOffline(dir, day, offlineProxy, info));
      await expectDay('start 3');
      // Start 4: a reload; start 5: the browser closed and opened once more.
      await page.reload();
      await expectDay('start 4');
      await context.close();
      ({ context, page } = await reopenOffline(dir, day, offlineProxy, info));
      await expectDay('start 5');
      // Nothing reached the server meanwhile.
      const stored = async () =>
        (await serverEntities('visit')).filter((o) => Object.values(ids).includes(o._id));
      expect(await stored()).toEqual([]);

      // The signal returns: each change reaches the server once.
      await goOnline(offlineProxy, context);
      await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', {
        timeout: 30_000,
      });
      await expect(page.getByTestId('refused-changes')).toHaveCount(0);
      const byId = new Map((await stored()).map((o) => [o._id, o]));
      expect(byId.get(ids.done)).toMatchObject({ status: Visits.VisitStatus.Done, _version: 1 });
      expect(byId.get(ids.skipped)).toMatchObject({
        status: Visits.VisitStatus.Skipped,
        skipReason: 'Gate locked',
        _version: 1,
      });
      expect(byId.get(ids.noted)).toMatchObject({
        status: Visits.VisitStatus.NotDone,
        notes: note,
        _version: 1,
      });
      const invoices = (await serverEntities('transaction')).filter((t) => t.occurrenceId === ids.done);
      expect(invoices).toEqual([expect.objectContaining({ transactionType: 'Invoice', amount: 21 })]);
    } finally {
      offlineProxy.setOffline(false);
      await context.close().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test(
  'a note saved just before the browser is killed is on screen when it opens again',
  { tag: '@phone' },
  async ({ offlineProxy }, info) => {
    const dir = mkdtempSync(join(tmpdir(), 'roundwise-profile-'));
    let context: BrowserContext | undefined;
    try {
      let page: Page;
      ({ context, page } = await openProfile(dir, offlineProxy, info));
      await signInAs(page, demoEmail('owner'));
      await page.goto('/about');
      const day = await dayFor(page, info, 18);
      const name = `Killed ${info.project.name} ${Date.now()}`;
      const note = `Dog in the garden (${name})`;
      const id = await visitOn(name, day);
      await openDayReadyForOffline(page, day, [name]);
      // Closed and opened since: the session and the installed app are on disk, as on a phone
      // that signed in another day.
      await context.close();
      ({ context, page } = await openProfile(dir, offlineProxy, info));
      await openDayReadyForOffline(page, day, [name]);

      await goOffline(offlineProxy, context);
      await expectCacheSaved(page); // nothing left for the cache's throttled save to write
      await holdEntityWrites(page);
      await writeNote(page, name, note);
      await expect(noteOf(page, name, note)).toHaveCount(1);
      await expectPrompt(page, offlinePrompt(1));
      // The browser dies once the command is saved, while the entities it changed are still
      // waiting to be written (a phone reclaiming the tab, a crash).
      await commandSavedEntitiesNot(page, note);
      killBrowser(dir);
      await context.close().catch(() => {});

      ({ context, page } = await reopenOffline(dir, day, offlineProxy, info));
      await expect(visitRow(page, name)).toBeVisible(SYNCED);
      await expect(noteOf(page, name, note)).toHaveCount(1);
      await expectPrompt(page, offlinePrompt(1));

      await goOnline(offlineProxy, context);
      await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', {
        timeout: 30_000,
      });
      const stored = (await serverEntities('visit')).filter((o) => o._id === id);
      expect(stored).toEqual([expect.objectContaining({ notes: note, _version: 1 })]);
    } finally {
      offlineProxy.setOffline(false);
      await context?.close().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
