import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium.ts';

/**
 * Browser tests against the real local runtime (`npm start`'s script) on its own port and a fresh
 * data folder, driven in Debian's Chromium (never `playwright install`).
 */
const root = resolve(import.meta.dirname, '..');
process.env.E2E_PORT ??= '3199';
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'roundwise-e2e-'));
/**
 * The run's fixed clock (e2e/clock.ts): the day every test lives, whatever day it runs on. A plain
 * Wednesday by default; E2E_NOW picks another (docs/local-runtime.md lists the days the suite is
 * checked on). E2E_NOW_SINCE is the real moment the clock reads E2E_NOW, set once here, so the
 * runtime and every worker's pages share one clock.
 */
process.env.E2E_NOW ??= '2026-11-25T10:00:00Z';
process.env.E2E_NOW_SINCE ??= String(Date.now());
const baseURL = `http://localhost:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './e2e',
  outputDir: join(root, 'test-results'),
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Each test's line with its time, in CI's log too: where the suite's minutes go.
  reporter: 'list',
  timeout: 30_000,
  use: {
    baseURL,
    // Recording a trace (a DOM snapshot and screenshots at every step) took a third of the CPU of
    // a passing run (docs/testing.md): CI records it on the retry of a failed test, locally a run
    // keeps it for each failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
    // A UK business: the browser's day and its clock changes are London's.
    timezoneId: 'Europe/London',
  },
  /**
   * Each story runs on the viewport where its users are: the back office on a desktop, the worker's
   * day (tag `@phone`) on a phone, and a story about layout on both (tag `@both`). Untagged tests are
   * desktop stories.
   */
  projects: [
    { name: 'desktop', grepInvert: /@phone/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'mobile', grep: /@phone|@both/, use: { ...devices['Pixel 7'], channel: undefined } },
  ],
  webServer: {
    command: `node ${join(root, 'scripts/setup/start.mjs')}`,
    cwd: root,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: process.env.E2E_PORT,
      ROUNDWISE_DATA_DIR: process.env.E2E_DATA_DIR,
      ROUNDWISE_TEST: '1',
      ROUNDWISE_TEST_NOW: process.env.E2E_NOW,
      ROUNDWISE_TEST_NOW_SINCE: process.env.E2E_NOW_SINCE,
    },
  },
});
