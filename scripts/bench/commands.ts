import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  customerUpdates,
  liveCustomers,
  sequentialCommands,
  snapshotBuilt,
  tableFloor,
  twentyClients,
} from './command-load.ts';
import { Caller, percentile, round, runtimeCpuMs, startRoundwise } from './lib.ts';
import { townFolder } from './town.ts';

/**
 * The command figures of `run.ts` alone, for iterating on the command path (no figures saved).
 * A town data folder is seeded once under BENCH_TOWN_DIR (default a temp folder) and copied for
 * each run. `npx tsx scripts/bench/commands.ts [rounds]`.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const rounds = Number(process.argv[2] ?? 1);
const { dir: seedDir, login: town } = await townFolder();

for (let r = 0; r < rounds; r++) {
  const work = await mkdtemp(join(tmpdir(), 'roundwise-cmd-'));
  await cp(seedDir, work, { recursive: true });
  const runtime = process.env.BENCH_URL
    ? { url: process.env.BENCH_URL, stop: async () => 0 }
    : await startRoundwise(work);
  try {
    const caller = new Caller(runtime.url);
    await caller.login(town.email, town.password);
    const { put: putTimes, get: getTimes } = await tableFloor(caller);
    const me: number[] = [];
    for (let i = 0; i < 200; i++) me.push((await caller.request('GET', '/api/me')).wallMs);
    const customers = await liveCustomers(caller);
    await snapshotBuilt(caller);
    // CPU time of the runtime process (both threads: the API and dynalite), which steal time
    // and other processes' load distort far less than wall time (BENCH_CPU_PID names a runtime
    // started by hand, with BENCH_URL).
    const cpuPid = Number(process.env.BENCH_CPU_PID);
    const cpuMs = () => {
      if ('child' in runtime) return runtimeCpuMs(runtime);
      if (!cpuPid) return Number.NaN;
      const fields = readFileSync(`/proc/${cpuPid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    };
    const nextCommand = customerUpdates(customers, `bench-${process.pid}-${r}`);
    const sequential = await sequentialCommands(caller, 300, nextCommand, cpuMs);
    const seq = sequential.wall;
    const srv = sequential.server;
    const cpuPerCommandSeq = sequential.cpuMsPerCommand;
    const seqOnly = process.env.BENCH_SEQ_ONLY === '1';
    const profilePid = Number(process.env.BENCH_PROFILE_PID);
    if (profilePid) process.kill(profilePid, 'SIGUSR2');
    if (seqOnly) await sequentialCommands(caller, 1500, nextCommand);
    const cpuLoadStart = cpuMs();
    const load = await twentyClients(runtime.url, caller.cookie, seqOnly ? 20 : 2000, nextCommand);
    if (profilePid) process.kill(profilePid, 'SIGUSR2');
    const cpuPerCommandLoad = (cpuMs() - cpuLoadStart) / (seqOnly ? 20 : 2000);
    const put = percentile(putTimes, 50);
    console.log(
      JSON.stringify({
        put: round(put),
        get: round(percentile(getTimes, 50)),
        me: round(percentile(me, 50)),
        cmd: round(percentile(seq, 50)),
        cmdServer: round(percentile(srv, 50)),
        ratio: round(percentile(seq, 50) / put),
        p50_20: load.latency.p50,
        p99_20: load.latency.p99,
        rps: load.requests.average,
        non2xx: load.non2xx,
        errors: load.errors,
        cpuMsPerCommandSeq: round(cpuPerCommandSeq),
        cpuMsPerCommand20: round(cpuPerCommandLoad),
      }),
    );
  } finally {
    await runtime.stop();
    await rm(work, { recursive: true, force: true });
  }
}
