import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startLocal } from '../local/runtime.ts';
import { percentile } from './lib.ts';
import { seedTownDataDir } from './town.ts';
import { offlineWebFigures } from './web-offline.ts';

/**
 * Before/after for the two offline figures (web.cache_restore_town_ms, web.shell_ready_town_ms)
 * on a shared machine, where one run's median says little: builds of the web app (copies of
 * `web/dist`, e.g. one from main and one from a branch) served in turn by a runtime on the same
 * town data folder, alternating, and the medians over all the reloads of each. Prints the load
 * average beside every run. Not merged into bench/results.json (`web-run.ts --town` is the figure).
 *   npx tsx scripts/bench/web-offline-ab.ts <dist> <dist> ... [--rounds 3] [--reloads 7]
 * BENCH_WEB_CPU_THROTTLE=4 runs the page's CPU 4 times slower (a phone-class CPU).
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args.splice(at, 2)[1]) : fallback;
};
const rounds = option('--rounds', 3);
const reloads = option('--reloads', 7);
const dists = args.map((d) => resolve(d));
if (dists.length === 0) throw new Error('give one or more built web apps (copies of web/dist)');

const loadAverage = async () => (await import('node:os')).loadavg()[0]!.toFixed(2);
const work = await mkdtemp(join(tmpdir(), 'roundwise-bench-ab-'));
try {
  const dataDir = join(work, 'town');
  const login = await seedTownDataDir(dataDir);
  const runs = new Map(dists.map((d) => [d, { restore: [] as number[], shell: [] as number[] }]));
  for (let round = 0; round < rounds; round++) {
    for (const webDir of dists) {
      const before = await loadAverage();
      const runtime = await startLocal({
        port: 0,
        dataDir,
        webDir,
        seed: false,
        quiet: true,
        schedules: false,
      });
      try {
        const figures = await offlineWebFigures(runtime.url, login, reloads);
        const mine = runs.get(webDir)!;
        for (const run of figures.runs) {
          mine.restore.push(run.restoreMs);
          mine.shell.push(run.shellReadyMs);
        }
        const each = figures.runs
          .map((r) => `${r.restoreMs.toFixed(0)}/${r.shellReadyMs.toFixed(0)}`)
          .join(' ');
        console.log(`${webDir}  load ${before}-${await loadAverage()}  restore/shell: ${each}`);
      } finally {
        await runtime.stop();
      }
    }
  }
  for (const [webDir, { restore, shell }] of runs) {
    console.log(
      `${webDir}: ${restore.length} reloads, restore median ${percentile(restore, 50).toFixed(0)} ms (p25 ${percentile(restore, 25).toFixed(0)}), shell median ${percentile(shell, 50).toFixed(0)} ms (p25 ${percentile(shell, 25).toFixed(0)})`,
    );
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
