// The date-sensitive browser tests on the days that break date code: a Saturday, a month end
// and a clock-change day (docs/local-runtime.md, "A fixed clock for the browser tests"). Each day
// is one Playwright run with E2E_NOW set (a fresh runtime, its demo business seeded for that day).
//   node scripts/setup/e2e-dates.mjs [spec files...] [-- playwright options]
// Default specs: schedule, rounds, customers and the clock check. E2E_PORT as for Playwright.
import { spawnSync } from 'node:child_process';
import { ROOT } from './ensure.mjs';

const DAYS = [
  { name: 'a Saturday', now: '2026-11-28T10:00:00Z' },
  { name: 'a month end (28 February)', now: '2027-02-28T10:00:00Z' },
  { name: 'a clock-change day (British Summer Time starts at 01:00 UTC)', now: '2027-03-28T01:30:00Z' },
];

const args = process.argv.slice(2);
const split = args.indexOf('--');
const specs = (split < 0 ? args : args.slice(0, split)).filter(Boolean);
const extra = split < 0 ? [] : args.slice(split + 1);
const files = specs.length
  ? specs
  : [
      'web/e2e/schedule.spec.ts',
      'web/e2e/rounds.spec.ts',
      'web/e2e/customers.spec.ts',
      'web/e2e/clock.spec.ts',
    ];

const results = [];
for (const day of DAYS) {
  console.log(`\n=== ${day.name}: E2E_NOW=${day.now}`);
  // A fresh clock and data folder for each day (playwright.config.ts sets them when absent).
  const { E2E_NOW_SINCE, E2E_DATA_DIR, ...env } = process.env;
  const run = spawnSync('npx', ['playwright', 'test', '-c', 'web/playwright.config.ts', ...files, ...extra], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...env, E2E_NOW: day.now },
  });
  results.push({ ...day, ok: run.status === 0 });
}
console.log('\n=== browser tests by day');
for (const r of results) console.log(`${r.ok ? 'passed' : 'FAILED'}  ${r.now}  ${r.name}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
