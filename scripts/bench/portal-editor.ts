import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../web/e2e/chromium.ts';
import { networkQuiet } from './browser.ts';
import { type Figures, ROOT, round, saveFigures, startRoundwise } from './lib.ts';

/** A mark only react-grid-layout's code carries (its item class). */
const GRID_LIBRARY = 'react-grid-item';

/**
 * `portal.editor_js_gzip_kb`: the JavaScript the portal directory's layout editor adds, gzipped
 * as a CDN sends it. The demo owner (Ultimate, a published layout) opens the dashboard, the network
 * goes quiet, then the app moves to `/portal-directory/layouts` without reloading (as a tab's link
 * does): every script fetched from then until the grid shows its widgets and the network is quiet
 * again is the editor's (its route chunk, the grid's chunk with react-grid-layout, what only they
 * import). Fails if any script loaded before carried the grid library: it is on this screen only.
 * Of those, the figure counts the files no other screen reaches (`editorOnly`): shared pieces
 * (dialogs, the popover, the virtual list) that the dashboard happened not to need are another
 * screen's chunks too; the whole download is printed beside it.
 *   npx tsx scripts/bench/portal-editor.ts     (builds web/dist first if stale; merges into bench/results.json)
 */
/** Each chunk of web/dist's imports: static (`from"./x.js"`) and lazy (`import(`./x.js`)`). */
function chunkGraph() {
  const dir = join(ROOT, 'web/dist/assets');
  const graph = new Map<string, { statics: string[]; lazy: string[] }>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    const statics = [...text.matchAll(/(?:from|import)\s*["']\.\/([\w-]+\.js)["']/g)].map((m) => m[1]!);
    const lazy = [...text.matchAll(/import\(\s*[`"']\.\/([\w-]+\.js)[`"']\s*\)/g)].map((m) => m[1]!);
    graph.set(file, { statics, lazy });
  }
  return graph;
}

/**
 * The files of `opened` that no other screen reaches: from the entry's static imports and every
 * other route chunk the entry loads lazily, following all their imports.
 */
function editorOnly(opened: Set<string>): Set<string> {
  const graph = chunkGraph();
  const entry = [...graph.keys()].find((f) => f.startsWith('index-'));
  if (!entry) throw new Error('no entry chunk in web/dist');
  const routes = graph.get(entry)!.lazy;
  const reached = new Set<string>();
  const visit = (file: string) => {
    if (reached.has(file)) return;
    reached.add(file);
    const edges = graph.get(file);
    for (const next of [...(edges?.statics ?? []), ...(edges?.lazy ?? [])]) visit(next);
  };
  reached.add(entry);
  for (const next of graph.get(entry)!.statics) visit(next);
  for (const route of routes) if (!opened.has(route)) visit(route);
  return new Set([...opened].filter((f) => !reached.has(f)));
}

export async function portalEditorJsGzipKb(baseUrl: string, login: { email: string; password: string }) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const quiet = networkQuiet(page);
    const before: Promise<boolean>[] = [];
    const seen = new Set<string>();
    const editor = new Map<string, number>();
    const reads: Promise<void>[] = [];
    let opening = false;
    page.on('response', (response) => {
      const url = response.url();
      if (!url.endsWith('.js')) return;
      if (!opening) {
        seen.add(url);
        // A page left before its scripts are read (the sign-in page) loads them again after.
        before.push(
          response.text().then(
            (text) => text.includes(GRID_LIBRARY),
            () => false,
          ),
        );
        return;
      }
      if (seen.has(url) || editor.has(url)) return;
      editor.set(url, 0);
      reads.push(response.body().then((body) => void editor.set(url, gzipSync(body).length)));
    });
    await page.goto(`${baseUrl}/sign-in`, { waitUntil: 'networkidle' });
    await page.getByLabel(/email/i).fill(login.email);
    await page.getByLabel(/password/i).fill(login.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
    await page.goto(`${baseUrl}/dashboard`);
    await quiet();
    if ((await Promise.all(before)).some(Boolean)) throw new Error('the grid library came before the editor');
    opening = true;
    // The router follows the history, as it does for the browser's back button: no reload.
    await page.evaluate(() => {
      history.pushState({}, '', '/portal-directory/layouts');
      dispatchEvent(new PopStateEvent('popstate', { state: {} }));
    });
    await page.getByTestId('layout-grid').locator('[data-widget]').first().waitFor({ timeout: 30_000 });
    await quiet();
    await Promise.all(reads);
    const fileOf = (url: string) => new URL(url).pathname.replace('/assets/', '');
    const own = editorOnly(new Set([...editor.keys()].map(fileOf)));
    const kb = (only: boolean) =>
      [...editor].filter(([u]) => !only || own.has(fileOf(u))).reduce((a, [, n]) => a + n, 0) / 1024;
    if (process.env.BENCH_WEB_FILES)
      for (const [u, n] of editor)
        console.log(`${(n / 1024).toFixed(1)} KB ${u}${own.has(fileOf(u)) ? ' (the editor only)' : ''}`);
    console.log(`opening the editor from the dashboard fetched ${round(kb(false))} KB gzip of JavaScript`);
    return kb(true);
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const figures: Figures = {};
  const work = await mkdtemp(join(tmpdir(), 'roundwise-bench-portal-editor-'));
  try {
    const demo = await startRoundwise(join(work, 'empty'));
    try {
      const kb = await portalEditorJsGzipKb(demo.url, {
        email: 'owner@demo.roundwise.local',
        password: 'demo-password',
      });
      figures['portal.editor_js_gzip_kb'] = { value: round(kb), unit: 'KB' };
      console.log(`portal.editor_js_gzip_kb ${round(kb)} KB`);
    } finally {
      await demo.stop();
    }
    await saveFigures(figures);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
