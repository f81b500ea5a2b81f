import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOVECOT } from '../local/mail-servers.ts';
import { auditQueryFigure } from './audit.ts';
import { figuresOf, manualBackup, restoreBackup } from './backups.ts';
import { cityFirstSyncFigures } from './city-first-sync.ts';
import { commandCosts } from './command-costs.ts';
import {
  customerUpdates,
  liveCustomers,
  sequentialCommands,
  tableFloor,
  twentyClients,
} from './command-load.ts';
import { emailFigures } from './email.ts';
import {
  Caller,
  type Figures,
  fullSync,
  percentile,
  round,
  runtimeCpuMs,
  saveFigures,
  startRoundwise,
} from './lib.ts';
import { bulkEmail2000Ms } from './messages.ts';
import { placesSuggestP95Ms } from './places.ts';
import { portalFigures } from './portal.ts';
import { portalAvailabilityFigures } from './portal-booking.ts';
import { portalEditorJsGzipKb } from './portal-editor.ts';
import { audience20kMs, campaign2000Ms } from './send.ts';
import { editorJsGzipKb } from './send-editor.ts';
import { seedTownDataDir } from './town.ts';
import { initialJsGzipKb } from './web.ts';
import { balanceWebFigures } from './web-balance.ts';
import { messagesWebFigures } from './web-messages.ts';
import { offlineWebFigures } from './web-offline.ts';
import { paymentsWebFigures } from './web-payments.ts';

/**
 * The platform benchmarks on the standard town data set, against `npm start`'s own
 * process, as a user's browser would reach it. Writes bench/results.json.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const figures: Figures = {};
const put = (name: string, value: number, unit: string) => {
  figures[name] = { value: round(value), unit };
  console.log(`${name.padEnd(36)} ${round(value)} ${unit}`);
};

const work = await mkdtemp(join(tmpdir(), 'roundwise-bench-'));
try {
  // 1. First start on an empty data folder (seeds the demo business), then a later start.
  const emptyDir = join(work, 'empty');
  const first = await startRoundwise(emptyDir);
  put('start.first_ready_ms', first.readyMs, 'ms');
  put(
    'web.initial_js_gzip_kb',
    await initialJsGzipKb(first.url, { email: 'owner@demo.roundwise.local', password: 'demo-password' }),
    'KB',
  );
  put(
    'send.editor_js_gzip_kb',
    await editorJsGzipKb(first.url, { email: 'owner@demo.roundwise.local', password: 'demo-password' }),
    'KB',
  );
  put(
    'portal.editor_js_gzip_kb',
    await portalEditorJsGzipKb(first.url, { email: 'owner@demo.roundwise.local', password: 'demo-password' }),
    'KB',
  );
  for (const [name, figure] of Object.entries(await portalFigures(first.url)))
    put(name, figure.value, figure.unit);
  put('start.stop_ms', await first.stop(), 'ms');

  // 2. The town data set, loaded into the data folder the runtime will open.
  const townDir = join(work, 'town');
  const town = await seedTownDataDir(townDir);

  // A start with data (the demo is seeded on this one), then the measured later start.
  await (await startRoundwise(townDir)).stop();
  const runtime = await startRoundwise(townDir);
  put('start.ready_ms', runtime.readyMs, 'ms');
  try {
    const caller = new Caller(runtime.url);
    await caller.login(town.email, town.password);

    // 3. Full sync: every page from no cursor. The first ever full load reads the change feed
    // and leaves a snapshot behind; later devices load from that snapshot, then the feed.
    const feed = await fullSync(caller);
    if (feed.fromSnapshot) throw new Error('the first full load should read the feed');
    put('sync.full_town_feed_server_ms', feed.serverMs, 'ms');
    put('sync.full_town_feed_wall_ms', feed.wallMs, 'ms');
    let snap = await fullSync(caller);
    for (let i = 0; i < 100 && !snap.fromSnapshot; i++) {
      await new Promise((r) => setTimeout(r, 200));
      snap = await fullSync(caller);
    }
    if (!snap.fromSnapshot) throw new Error('no snapshot was built');
    put('sync.full_town_server_ms', snap.serverMs, 'ms');
    put('sync.full_town_wall_ms', snap.wallMs, 'ms');
    put('sync.full_town_bytes', snap.bytes, 'bytes');
    put('sync.full_town_entities', snap.entities, 'entities');
    put('sync.full_town_pages', snap.pages, 'pages');
    const cursor = snap.cursor;

    // The web app on a device holding the whole town data set, reloaded (after the first full
    // load above, so the browser loads from the snapshot; before the commands below change data).
    const web = await offlineWebFigures(runtime.url, town);
    console.log(
      `web: ${web.entities} entities cached in the browser, IndexedDB read ${Math.round(web.cacheReadMs)} ms`,
    );
    put('web.cache_restore_town_ms', web.cacheRestoreMs, 'ms');
    put('web.shell_ready_town_ms', web.shellReadyMs, 'ms');

    // 4. Delta sync with nothing new (the seed is older than the feed's 5 s window by now).
    const deltas: number[] = [];
    for (let i = 0; i < 300; i++) {
      const page = await caller.request('GET', `/api/sync?cursor=${cursor}`);
      if (page.json.changes.length !== 0) throw new Error('delta was not empty');
      deltas.push(page.wallMs);
    }
    put('sync.delta_empty_p50_ms', percentile(deltas, 50), 'ms');
    put('sync.delta_empty_p99_ms', percentile(deltas, 99), 'ms');
    put('places.suggest_p95_ms', await placesSuggestP95Ms(caller), 'ms');
    put('portal.availability_p95_ms', (await portalAvailabilityFigures(runtime.url)).p95, 'ms');

    // 5. Raw DynamoDB calls to the same emulator: the floor for a command.
    const { put: putTimes, get: getTimes } = await tableFloor(caller);
    put('dynamo.put_p50_ms', percentile(putTimes, 50), 'ms');
    put('dynamo.get_p50_ms', percentile(getTimes, 50), 'ms');

    // 6. Commands: one client in sequence, then 20 clients at once; a manual backup before them,
    // restored after them (every customer was edited by then).
    const backup = await manualBackup(caller);
    const customers = await liveCustomers(caller);
    const nextCommand = customerUpdates(customers, `bench-${process.pid}`);
    const sequential = await sequentialCommands(caller, 300, nextCommand, () => runtimeCpuMs(runtime));
    put('command.roundtrip_p50_ms', percentile(sequential.wall, 50), 'ms');
    // What a command costs the runtime (API and dynalite threads): steadier than wall time on a
    // shared machine, and what throughput (so the p99 under load) depends on.
    put('command.server_cpu_ms', sequential.cpuMsPerCommand, 'ms');
    // 20 clients at once.
    const load = await twentyClients(runtime.url, caller.cookie, 2000, nextCommand);
    if (load.non2xx > 0 || load.errors > 0)
      throw new Error(`commands failed: ${load.non2xx} non-2xx, ${load.errors} errors`);
    put('command.roundtrip_p50_20clients_ms', load.latency.p50, 'ms');
    put('command.roundtrip_p99_ms', load.latency.p99, 'ms');
    put('command.throughput_20clients_per_s', load.requests.average, 'commands/s');
    for (const [name, f] of Object.entries(figuresOf(backup, await restoreBackup(caller, backup.id)))) {
      put(name, f.value, f.unit);
    }

    // The messages screens, in Chromium: a thread of 500, the inbox over the town.
    const messages = await messagesWebFigures(runtime.url, town);
    put('messages.thread_500_ms', messages.threadMs, 'ms');
    put('messages.inbox_town_ms', messages.inboxMs, 'ms');
    // The payments screen over the town's 8,000 transactions, in Chromium.
    const payments = await paymentsWebFigures(runtime.url, town);
    put('payments.first_paint_town_ms', payments.firstPaintMs, 'ms');
    put('payments.public_js_gzip_kb', payments.publicJsBytes / 1024, 'KB');
    // The books over the town (its year of expenses and journals too), in Chromium.
    const balance = await balanceWebFigures(runtime.url, town);
    put('balance.dashboard_town_ms', balance.dashboardMs, 'ms');
    put('balance.dashboard_chart_town_ms', balance.chartMs, 'ms');
    put('balance.pnl_town_ms', balance.pnlMs, 'ms');
  } finally {
    await runtime.stop();
  }
  // 7. What the five most used commands cost at the table (an in-process API on its own dynalite).
  for (const [key, cost] of Object.entries(await commandCosts())) {
    put(`command.${key}.sequential_calls`, cost.sequentialCalls, 'round trips');
    put(`command.${key}.rcu`, cost.rcu, 'RCU');
    put(`command.${key}.wcu`, cost.wcu, 'WCU');
  }
  // 8. The audit log: a search with a date range and two terms over 100,000 entries.
  put('audit.query_100k_ms', await auditQueryFigure(), 'ms');
  // 8. A bulk email to 2,000 customers, command to the last mail in the SMTP sink.
  put('messages.bulk_2000_ms', await bulkEmail2000Ms(), 'ms');
  // 9. The send module: a two-group audience over 20,000 customers, and a campaign to
  // 2,000 by email until the last mail is in the SMTP sink.
  put('send.audience_20k_ms', audience20kMs().ms, 'ms');
  put('send.campaign_2000_ms', await campaign2000Ms(), 'ms');
  // 10. Two-way email against Dovecot (when installed): 1,000 mails imported with a reconnect
  // half-way, and a reply's time from the IMAP server to the inbox.
  if (existsSync(DOVECOT))
    for (const [name, f] of Object.entries(await emailFigures())) put(name, f.value, f.unit);
  await saveFigures(figures);
  console.log('Wrote bench/results.json');

  // 7. A new device on the city data set: seeded once into BENCH_CITY_DIR and kept;
  // a few minutes more (the snapshot is built on a fresh copy). BENCH_CITY=0 leaves it out.
  if (process.env.BENCH_CITY !== '0') {
    await saveFigures(await cityFirstSyncFigures());
    console.log('Wrote the city figures to bench/results.json');
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
