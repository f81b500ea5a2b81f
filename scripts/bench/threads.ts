import { readdirSync, readFileSync } from 'node:fs';
import { rawPut, sequentialCommands, townCommandRuntime } from './command-load.ts';
import { percentile, round } from './lib.ts';

/**
 * The command round trip fully warm, with the CPU each thread of the runtime spends per command
 * (from /proc: the API's main thread, dynalite's worker, libuv's and V8's helpers). After 2,400
 * unmeasured commands and PutItems, three windows of 1,500 sequential commands, each followed by
 * 600 PutItems; also the CPU of a `GET /api/me`. `npx tsx scripts/bench/threads.ts`.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const { runtime, raw, caller, next, stop } = await townCommandRuntime('threads');
/** The runtime's process (`start.mjs` runs it as its child). */
const pid = (() => {
  const parent = runtime.child.pid;
  return readFileSync(`/proc/${parent}/task/${parent}/children`, 'utf8').trim().split(/\s+/)[0];
})();

/** CPU ms so far of each thread of the runtime, by thread id. */
const threads = () =>
  new Map(
    readdirSync(`/proc/${pid}/task`).map((tid) => {
      const f = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return [tid, (Number(f[11]) + Number(f[12])) * 10] as const;
    }),
  );
/** CPU per call of each thread that used more than 0.01 ms a call; the main thread named `api`. */
const perCall = (before: Map<string, number>, after: Map<string, number>, calls: number) =>
  Object.fromEntries(
    [...after]
      .map(([tid, ms]) => [tid === pid ? 'api' : tid, round((ms - (before.get(tid) ?? 0)) / calls)] as const)
      .filter(([, ms]) => ms > 0.01),
  );

try {
  for (let i = 0; i < 2400; i++) await rawPut(raw, i);
  await sequentialCommands(caller, 2400, next, undefined, 0);
  const m0 = threads();
  const me: number[] = [];
  for (let i = 0; i < 1500; i++) me.push((await caller.request('GET', '/api/me')).wallMs);
  const meCpu = JSON.stringify(perCall(m0, threads(), 1500));
  console.log(`GET /api/me p50 ${round(percentile(me, 50))} ms; CPU ms per request ${meCpu}`);
  for (let w = 0; w < 3; w++) {
    const t0 = threads();
    const { wall, server } = await sequentialCommands(caller, 1500, next, undefined, 0);
    const cpu = perCall(t0, threads(), 1500);
    const put: number[] = [];
    for (let i = 0; i < 600; i++) {
      const t = performance.now();
      await rawPut(raw, i);
      put.push(performance.now() - t);
    }
    const [c, p] = [percentile(wall, 50), percentile(put, 50)];
    console.log(
      `command p50 ${round(c)} ms (server ${round(percentile(server, 50))}), put ${round(p)} ms, ratio ${round(c / p)}; CPU ms per command ${JSON.stringify(cpu)}`,
    );
  }
} finally {
  await stop();
}
