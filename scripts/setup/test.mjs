// `npm test`: install what is missing (npm packages; Debian's chromium, a Java runtime for
// DynamoDB Local and Dovecot, the two-way email tests' IMAP server, when absent and running as root), then typecheck, lint, unit and integration
// tests (vitest, stack synth tests included) and browser tests (Playwright). Stops at the first
// failing step and ends with a summary: `N passed, N failed`.
//
// CI=true: treats a browser or Java runtime
// that cannot be installed as a failure (locally it is a warning and the browser step is
// skipped), and is passed on to vitest and Playwright (retries, forbidOnly).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensure, ROOT } from './ensure.mjs';

const CI = process.env.CI === 'true' || process.env.CI === '1';
const CHROMIUM = '/usr/bin/chromium';
const DOVECOT = '/usr/sbin/dovecot';
const PLAYWRIGHT_CONFIG = 'web/playwright.config.ts';
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

const env = {
  ...process.env,
  // s3rver's paginated listing needs DES (see scripts/setup/start.mjs).
  NODE_OPTIONS: (process.env.NODE_OPTIONS ?? '').includes('--openssl-legacy-provider')
    ? process.env.NODE_OPTIONS
    : `${process.env.NODE_OPTIONS ?? ''} --openssl-legacy-provider`.trim(),
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED:
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ?? 'true',
};

class StepError extends Error {}
class Skip extends Error {}

/** Runs a command in the repository root with the terminal attached; throws when it fails. */
function run(command, args, options = {}) {
  console.log(`> ${[command, ...args].join(' ')}`);
  const local = join(ROOT, 'node_modules', '.bin', command);
  const [file, fileArgs] = command !== 'apt-get' && existsSync(local) ? [local, args] : [command, args];
  const result = spawnSync(file, fileArgs, { cwd: ROOT, stdio: 'inherit', env: { ...env, ...options.env } });
  if (result.error) throw new StepError(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) throw new StepError(`${command} exited with ${result.status ?? result.signal}`);
}

/** Output of a command, or undefined when it cannot run. */
function output(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error || result.status !== 0) return undefined;
  return `${result.stdout}${result.stderr}`;
}

let aptUpdated = false;
function aptInstall(...packages) {
  const aptEnv = { env: { DEBIAN_FRONTEND: 'noninteractive' } };
  if (!aptUpdated) {
    run('apt-get', ['update'], aptEnv);
    aptUpdated = true;
  }
  run('apt-get', ['install', '-y', '--no-install-recommends', ...packages], aptEnv);
}

/** The major version of `java` on the PATH, or undefined. */
function javaMajor() {
  const text = output('java', ['-version']);
  const match = text?.match(/version "(\d+)(?:\.(\d+))?/);
  if (!match) return undefined;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major; // "1.8.0" is Java 8
}

let browserAvailable = true;

const steps = [
  {
    name: 'install and build',
    run: () => {
      const done = ensure();
      return done.length ? done.join(', ') : 'up to date';
    },
  },
  {
    name: 'chromium',
    run: () => {
      if (existsSync(CHROMIUM)) return 'present';
      if (isRoot) {
        aptInstall('chromium', 'fonts-liberation');
        if (!existsSync(CHROMIUM))
          throw new StepError(`apt-get installed chromium but ${CHROMIUM} is missing`);
        return 'installed';
      }
      browserAvailable = false;
      const message = `${CHROMIUM} is missing and this is not root: install Debian's chromium (sudo apt-get install chromium)`;
      if (CI) throw new StepError(message);
      throw new Skip(`${message}; the browser tests will be skipped`);
    },
  },
  {
    name: 'java 17',
    run: () => {
      const major = javaMajor();
      if (major !== undefined && major >= 17) return `java ${major} present`;
      if (isRoot) {
        aptInstall('openjdk-17-jre-headless');
        const installed = javaMajor();
        if (installed === undefined || installed < 17)
          throw new StepError('openjdk-17-jre-headless installed but `java -version` does not report 17+');
        return 'installed';
      }
      const message = `Java 17+ is missing (found ${major ?? 'none'}) and this is not root: DynamoDB Local's compatibility suite needs it (sudo apt-get install openjdk-17-jre-headless)`;
      if (CI) throw new StepError(message);
      throw new Skip(message);
    },
  },
  {
    name: 'dovecot',
    run: () => {
      if (existsSync(DOVECOT)) return 'present';
      if (isRoot) {
        aptInstall('dovecot-imapd');
        if (!existsSync(DOVECOT))
          throw new StepError(`apt-get installed dovecot-imapd but ${DOVECOT} is missing`);
        return 'installed';
      }
      // The two-way email tests need a real IMAP server; they fail without it (they are not skipped).
      throw new StepError(
        `${DOVECOT} is missing and this is not root: the two-way email tests need it (sudo apt-get install dovecot-imapd)`,
      );
    },
  },
  { name: 'typecheck', run: () => run('tsc', ['-p', 'tsconfig.json']) },
  { name: 'lint', run: () => run('biome', ['check', '.']) },
  {
    name: 'unit + integration tests',
    // vitest.config.ts leaves Playwright's specs (web/e2e) out.
    run: () => run('vitest', ['run']),
  },
  {
    name: 'browser tests',
    run: () => {
      if (!existsSync(join(ROOT, PLAYWRIGHT_CONFIG)))
        throw new Skip(`${PLAYWRIGHT_CONFIG} does not exist yet`);
      if (!browserAvailable) throw new Skip(`${CHROMIUM} is missing`);
      run('playwright', ['test', '-c', PLAYWRIGHT_CONFIG]);
    },
  },
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const results = [];
const started = performance.now();
for (const step of steps) {
  console.log(`\n=== ${step.name}`);
  const t = performance.now();
  try {
    const note = step.run();
    results.push({ name: step.name, status: 'passed', ms: performance.now() - t, note });
  } catch (error) {
    const ms = performance.now() - t;
    if (error instanceof Skip) {
      console.warn(`Skipped: ${error.message}`);
      results.push({ name: step.name, status: 'skipped', ms, note: error.message });
      continue;
    }
    results.push({
      name: step.name,
      status: 'failed',
      ms,
      note: error instanceof Error ? error.message : String(error),
    });
    break;
  }
}

const icon = { passed: 'ok  ', failed: 'FAIL', skipped: 'skip' };
console.log('\n=== summary');
for (const r of results)
  console.log(
    `${icon[r.status]} ${r.name.padEnd(26)} ${seconds(r.ms).padStart(7)}${r.note ? `  ${r.note}` : ''}`,
  );
const notRun = steps.slice(results.length).map((s) => s.name);
if (notRun.length) console.log(`not run (after the failure): ${notRun.join(', ')}`);
const skipped = results.filter((r) => r.status === 'skipped').length;
if (skipped) console.log(`${skipped} skipped`);
console.log(`total ${seconds(performance.now() - started)}`);
const passed = results.filter((r) => r.status === 'passed').length;
const failed = results.filter((r) => r.status === 'failed').length;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
