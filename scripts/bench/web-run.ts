import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Figures, round, saveFigures, startRoundwise } from './lib.ts';
import { seedTownDataDir } from './town.ts';
import { initialJsGzipKb } from './web.ts';
import { offlineWebFigures } from './web-offline.ts';

/**
 * The web figures alone (`npm run bench` measures them with the rest):
 *   npx tsx scripts/bench/web-run.ts          web.initial_js_gzip_kb (demo data)
 *   npx tsx scripts/bench/web-run.ts --town   also web.cache_restore_town_ms, web.shell_ready_town_ms
 * Builds web/dist first if stale (through `npm start`'s script). Merges into bench/results.json.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const figures: Figures = {};
const put = (name: string, value: number, unit: string) => {
  figures[name] = { value: round(value), unit };
  console.log(`${name.padEnd(36)} ${round(value)} ${unit}`);
};

const work = await mkdtemp(join(tmpdir(), 'roundwise-bench-web-'));
try {
  const demo = await startRoundwise(join(work, 'empty'));
  try {
    const login = { email: 'owner@demo.roundwise.local', password: 'demo-password' };
    put('web.initial_js_gzip_kb', await initialJsGzipKb(demo.url, login), 'KB');
  } finally {
    await demo.stop();
  }
  if (process.argv.includes('--town')) {
    const townDir = join(work, 'town');
    const town = await seedTownDataDir(townDir);
    const runtime = await startRoundwise(townDir);
    try {
      const web = await offlineWebFigures(runtime.url, town);
      console.log(
        `web: ${web.entities} entities cached in the browser, IndexedDB read ${Math.round(web.cacheReadMs)} ms`,
      );
      put('web.cache_restore_town_ms', web.cacheRestoreMs, 'ms');
      put('web.shell_ready_town_ms', web.shellReadyMs, 'ms');
    } finally {
      await runtime.stop();
    }
  }
  await saveFigures(figures);
} finally {
  await rm(work, { recursive: true, force: true });
}
