import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../web/e2e/chromium.ts';
import { timedClick } from './browser.ts';
import { type Figures, percentile, round, saveFigures, startRoundwise } from './lib.ts';
import { townFolder } from './town.ts';

/**
 * Budgets, in Chromium on the town data set (5,000 messages):
 * - `messages.thread_500_ms`: a customer with 500 messages; from the click on the Messages tab to
 *   the thread painted at its bottom (the thread's `messages.thread-bottom` mark, set when it has
 *   scrolled to the end after spec 000 section 9's 150 ms initial scroll delay, then a frame);
 * - `messages.inbox_town_ms`: from the click on the drawer's Inbox link to its first page painted
 *   (the `messages.inbox-painted` mark, then a frame).
 * Each open follows a reload (the device's data restored, nothing of the messages cached), so each
 * is a cold open of the screen; the median of `RUNS` is the figure. Run on its own with
 * `npx tsx scripts/bench/web-messages.ts` (the town is seeded once into BENCH_TOWN_DIR).
 */
const RUNS = 7;
const THREAD_SIZE = 500;

export async function messagesWebFigures(baseUrl: string, login: { email: string; password: string }) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const res = await page.request.post('/api/auth/login', { data: login });
    if (res.status() !== 200) throw new Error(`login ${res.status()}`);

    // A customer with 500 emails (bought credits pay for them), sent through the API's command.
    const bought = await page.request.post('/api/customer/purchase-sms-credits', {
      data: { amount: 2000, purchaseId: randomUUID() },
    });
    if (!(await bought.json()).success) throw new Error('credits purchase failed');
    const customerId = `bench-thread-${Date.now()}`;
    const created = await page.request.post('/api/commands/customers.create', {
      data: {
        commandId: `${customerId}-create`,
        input: {
          _id: customerId,
          name: 'Thread Bench',
          email: 'thread.bench@example.com',
          contactMethods: ['email'],
          address: { addressDescription: '1 Bench Street, Cambridge CB1 1AA' },
        },
      },
    });
    if (created.status() !== 200) throw new Error(`customer ${created.status()}`);
    // One after another: each send takes its credit from the one balance record, so concurrent
    // sends meet each other's change (409, which a client retries).
    for (let i = 0; i < THREAD_SIZE; i++) {
      if (i % 100 === 0) console.log(`  sending message ${i} of ${THREAD_SIZE}`);
      const r = await page.request.post('/api/commands/notifications.send', {
        data: {
          commandId: `${customerId}-m${i}`,
          input: {
            customerId,
            type: 'Email',
            subject: `Visit ${i}`,
            content: `Message ${i}: we are coming on Tuesday.\nThe Bench team`,
          },
        },
      });
      if (r.status() !== 200) throw new Error(`send ${r.status()}: ${await r.text()}`);
    }

    // The device's first load of the town, then each screen opened cold after a reload.
    await page.goto(`/customers/${customerId}`);
    await page
      .getByTestId('sync-status')
      .and(page.locator('[data-state="synced"]'))
      .waitFor({ timeout: 180_000 });
    const thread: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto(`/customers/${customerId}`);
      await page.getByRole('link', { name: 'Messages', exact: true }).waitFor();
      thread.push(
        await timedClick(page, `a[href="/customers/${customerId}/messages"]`, 'messages.thread-bottom'),
      );
      const shown = await page.locator('[data-testid=message]').count();
      if (shown === 0) throw new Error('the thread painted no message');
    }
    const inbox: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto('/customers');
      await page.getByRole('link', { name: 'Inbox' }).first().waitFor();
      inbox.push(await timedClick(page, 'nav a[href="/inbox"]', 'messages.inbox-painted'));
      if ((await page.locator('[data-testid=inbox-row]').count()) === 0)
        throw new Error('the inbox painted no row');
    }
    console.log(`  thread opens: ${thread.map((t) => round(t)).join(', ')} ms`);
    console.log(`  inbox opens: ${inbox.map((t) => round(t)).join(', ')} ms`);
    return { threadMs: percentile(thread, 50), inboxMs: percentile(inbox, 50) };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { dir: town, login } = await townFolder();
  const work = await mkdtemp(join(tmpdir(), 'roundwise-bench-messages-'));
  try {
    const { cp } = await import('node:fs/promises');
    await cp(town, join(work, 'town'), { recursive: true });
    const runtime = await startRoundwise(join(work, 'town'));
    try {
      const { threadMs, inboxMs } = await messagesWebFigures(runtime.url, login);
      const figures: Figures = {
        'messages.thread_500_ms': { value: round(threadMs), unit: 'ms' },
        'messages.inbox_town_ms': { value: round(inboxMs), unit: 'ms' },
      };
      for (const [name, f] of Object.entries(figures)) console.log(`${name.padEnd(36)} ${f.value} ${f.unit}`);
      await saveFigures(figures);
    } finally {
      await runtime.stop();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
