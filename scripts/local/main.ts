import { isAbsolute, relative } from 'node:path';
import { profileOnSignal } from './profile.ts';
import { type LocalRuntime, startLocal } from './runtime.ts';
import { testClock } from './test-clock.ts';

/**
 * `npm start`'s entry (via scripts/setup/start.mjs): the local runtime in the foreground until
 * Ctrl+C. Environment: PORT (default 3000), HOST (default 127.0.0.1; 0.0.0.0 to reach it from
 * other machines or a container's host), ROUNDWISE_DATA_DIR (default .data),
 * ROUNDWISE_TIMINGS=1 (print how long each part of the start took), ROUNDWISE_CPU_PROFILE=<folder>
 * (SIGUSR2 starts and stops a CPU profile, see profile.ts). The browser tests fix the clock with
 * ROUNDWISE_TEST_NOW (see clockFromEnv).
 */

// The launcher passes its own start time so the ready line covers the whole `npm start`.
const startedAt = Number(process.env.ROUNDWISE_T0) || performance.timeOrigin;
const STOP_TIMEOUT_MS = 10_000;
// The SDK warns once per process that releases from 2027 need Node 22; DESIGN.md pins Node 20.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(`PORT must be a port number (0-65535), not "${value}".`);
    process.exit(1);
  }
  return port;
}

function shortPath(path: string) {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/**
 * The browser tests' fixed clock: ROUNDWISE_TEST_NOW (an ISO instant) read at the real moment
 * ROUNDWISE_TEST_NOW_SINCE (epoch ms; default: now), honoured only with ROUNDWISE_TEST=1 so that a
 * stray variable never moves a real business's clock (it refuses to start instead).
 */
function clockFromEnv(): (() => Date) | undefined {
  const now = process.env.ROUNDWISE_TEST_NOW;
  if (!now) return undefined;
  if (process.env.ROUNDWISE_TEST !== '1') {
    console.error(
      'ROUNDWISE_TEST_NOW is for the browser tests (with ROUNDWISE_TEST=1). Unset it to run Roundwise.',
    );
    process.exit(1);
  }
  try {
    return testClock(now, Number(process.env.ROUNDWISE_TEST_NOW_SINCE) || Date.now());
  } catch (error) {
    console.error(`ROUNDWISE_TEST_NOW: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

async function main() {
  let runtime: LocalRuntime;
  const clock = clockFromEnv();
  try {
    runtime = await startLocal({
      port: parsePort(process.env.PORT),
      host: process.env.HOST || undefined,
      dataDir: process.env.ROUNDWISE_DATA_DIR || undefined,
      ...(clock ? { clock } : {}),
    });
  } catch (error) {
    console.error(`Roundwise could not start: ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.DEBUG) console.error(error);
    process.exit(1);
  }

  let stoppingSince: number | undefined;
  const stop = (signal: NodeJS.Signals) => {
    if (stoppingSince !== undefined) {
      // Ctrl+C reaches both this process and the launcher, which passes it on: one press often
      // arrives twice. Only a later press gets an answer; the stop itself is bounded anyway.
      if (Date.now() - stoppingSince > 1000) console.log(`(${signal}) Still stopping...`);
      return;
    }
    stoppingSince = Date.now();
    console.log(`\n${signal}: stopping Roundwise...`);
    setTimeout(() => {
      console.error(`Roundwise did not stop within ${STOP_TIMEOUT_MS / 1000} s; exiting anyway.`);
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    runtime.stop().then(
      () => {
        console.log('Roundwise stopped.');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('Roundwise stopped with errors:', error);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
  if (process.env.ROUNDWISE_CPU_PROFILE) profileOnSignal(process.env.ROUNDWISE_CPU_PROFILE, console.log);

  const elapsed = Math.round(Date.now() - startedAt);
  const lines = [
    `Roundwise ready in ${elapsed} ms at ${runtime.url}`,
    runtime.demo
      ? `  Demo login:  ${runtime.demo.email} / ${runtime.demo.password}`
      : '  Demo login:  none (no demo business was seeded; sign up in the app)',
    `  Mail sink:   ${runtime.url}/api/dev/mail`,
    `  Data:        ${shortPath(runtime.dataDir)} (delete it to start afresh)`,
  ];
  if (clock) lines.push(`  Clock:       test clock, now ${clock().toISOString()} (ROUNDWISE_TEST_NOW)`);
  if (process.env.ROUNDWISE_TIMINGS) {
    lines.push(
      `  Start (ms):  ${Object.entries(runtime.timings)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}; process ${Math.round(performance.now())}`,
    );
  }
  lines.push('Press Ctrl+C to stop.');
  console.log(lines.join('\n'));
}

await main();
