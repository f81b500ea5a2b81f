import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../web/e2e/chromium.ts';
import { networkQuiet } from './browser.ts';
import { Caller, type Figures, round, saveFigures, startRoundwise } from './lib.ts';

/**
 * `send.editor_js_gzip_kb`: the JavaScript the block editor adds, gzipped as a CDN
 * sends it. The owner opens the template list, the network goes quiet, then Open editor: every
 * script fetched from the click until the editor's preview shows and the network is quiet again
 * is the editor's (its route chunk and what only it imports). Also checks that none of it came
 * with the list, so the editor's code is loaded only on its route.
 *   npx tsx scripts/bench/send-editor.ts     (builds web/dist first if stale; merges into bench/results.json)
 */
export async function editorJsGzipKb(baseUrl: string, login: { email: string; password: string }) {
  const api = new Caller(baseUrl);
  await api.login(login.email, login.password);
  const flags = await api.request('PATCH', '/api/account', { flags: ['send', 'blockEditor'] });
  if (flags.status !== 200) throw new Error(`flags: ${flags.status}`);
  const created = await api.request('POST', '/api/commands/templates.create', {
    commandId: `bench-editor-${Date.now()}`,
    input: { name: 'Bench newsletter', subject: 'News', starter: 'Basic' },
  });
  if (created.status !== 200) throw new Error(`templates.create: ${created.status}`);

  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    const quiet = networkQuiet(page);
    const before = new Set<string>();
    const editor = new Map<string, number>();
    const reads: Promise<void>[] = [];
    let opening = false;
    page.on('response', (response) => {
      const url = response.url();
      if (!url.endsWith('.js')) return;
      if (!opening) {
        before.add(url);
        return;
      }
      if (before.has(url) || editor.has(url)) return;
      editor.set(url, 0);
      reads.push(response.body().then((body) => void editor.set(url, gzipSync(body).length)));
    });
    await page.goto(`${baseUrl}/sign-in`, { waitUntil: 'networkidle' });
    await page.getByLabel(/email/i).fill(login.email);
    await page.getByLabel(/password/i).fill(login.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
    await page.goto(`${baseUrl}/send/templates`);
    await page.getByText('Bench newsletter').waitFor({ timeout: 30_000 });
    await quiet();
    if ([...before].some((u) => u.includes('block-editor'))) {
      throw new Error('the block editor was loaded with the template list');
    }
    opening = true;
    await page.getByRole('link', { name: 'Open editor' }).click();
    await page.getByTestId('email-preview').waitFor();
    await quiet();
    await Promise.all(reads);
    if (process.env.BENCH_WEB_FILES)
      for (const [u, n] of editor) console.log(`${(n / 1024).toFixed(1)} KB ${u}`);
    return [...editor.values()].reduce((a, b) => a + b, 0) / 1024;
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const figures: Figures = {};
  const work = await mkdtemp(join(tmpdir(), 'roundwise-bench-editor-'));
  try {
    const demo = await startRoundwise(join(work, 'empty'));
    try {
      const kb = await editorJsGzipKb(demo.url, {
        email: 'owner@demo.roundwise.local',
        password: 'demo-password',
      });
      figures['send.editor_js_gzip_kb'] = { value: round(kb), unit: 'KB' };
      console.log(`send.editor_js_gzip_kb ${round(kb)} KB`);
    } finally {
      await demo.stop();
    }
    await saveFigures(figures);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
