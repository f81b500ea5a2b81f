import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../web/e2e/chromium.ts';
import { networkQuiet } from './browser.ts';

/**
 * The JavaScript a browser downloads to sign in and show the shell (the entry, its preloads and
 * every route chunk it asks for on the way, until the network has been quiet for a second after the
 * shell's first paint), gzipped as a CDN would send it:
 * `web.initial_js_gzip_kb`.
 */
export async function initialJsGzipKb(
  baseUrl: string,
  login: { email: string; password: string },
): Promise<number> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    const quiet = networkQuiet(page);
    const scripts = new Map<string, number>();
    // Every body read, awaited before the sum: a read still in flight would count as 0 bytes
    // (it did: one run in three came out 10 KB short).
    const reads: Promise<void>[] = [];
    page.on('response', (response) => {
      const url = response.url();
      if (!url.endsWith('.js') || scripts.has(url)) return;
      scripts.set(url, 0);
      reads.push(
        response.body().then((body) => {
          scripts.set(url, gzipSync(body).length);
        }),
      );
    });
    await page.goto(`${baseUrl}/sign-in`, { waitUntil: 'networkidle' });
    await page.getByLabel(/email/i).fill(login.email);
    await page.getByLabel(/password/i).fill(login.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
    await page.getByRole('navigation').first().waitFor();
    // Playwright's 'networkidle' was reached on the sign-in page and does not reset on the app's
    // own navigation, so waiting for it here returned at once and missed what the landing screen
    // asked for after its first paint. Wait for the network to be quiet for a second instead.
    await quiet(1000, 15_000);
    await Promise.all(reads);
    if (process.env.BENCH_WEB_FILES)
      for (const [u, n] of scripts) console.log(`${(n / 1024).toFixed(1)} KB ${u}`);
    console.log(`landed on ${new URL(page.url()).pathname}`);
    return [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
  } finally {
    await browser.close();
  }
}
