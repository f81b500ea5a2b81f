// Installs what is missing and builds what is stale. Plain Node, no dependencies: it runs before
// node_modules exists. Usable as a module (start.mjs, test.mjs) or directly:
//   node scripts/setup/ensure.mjs          install if needed, build web if stale
//   node scripts/setup/ensure.mjs --check  only report what would be done (exit 1 if anything)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const INSTALL_MARKER = join(ROOT, 'node_modules', '.roundwise-installed');
/** What `npm install` depends on: the lock file and every workspace's package.json. */
const INSTALL_INPUTS = [
  'package.json',
  'package-lock.json',
  'packages/core/package.json',
  'packages/db/package.json',
  'functions/package.json',
  'web/package.json',
];
/** What the web build reads. */
const WEB_INPUTS = [
  'web/src',
  'web/widgets',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'packages/core/src',
];
export const WEB_OUTPUT = join(ROOT, 'web', 'dist', 'index.html');

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * The first file under `paths` (files or folders, relative to the root) modified after `since`,
 * or undefined. A plain stat walk that stops at the first hit; skips node_modules and dot folders.
 */
export function newerThan(paths, since) {
  const stack = paths.map((p) => join(ROOT, p));
  while (stack.length > 0) {
    const path = stack.pop();
    let stats;
    try {
      stats = statSync(path);
    } catch {
      continue;
    }
    if (stats.isDirectory()) {
      if (stats.mtimeMs > since) return path; // a file was added, removed or renamed in it
      for (const entry of readdirSync(path, { withFileTypes: true })) {
        if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
        stack.push(join(path, entry.name));
      }
    } else if (stats.mtimeMs > since) {
      return path;
    }
  }
  return undefined;
}

/**
 * What the install depends on, as one hash: the lock file as it is, and the dependency fields of
 * each package.json (so reformatting one, or bumping its version, does not reinstall).
 */
export function installFingerprint() {
  const hash = createHash('sha256');
  for (const name of INSTALL_INPUTS) {
    let text;
    try {
      text = readFileSync(join(ROOT, name), 'utf8');
    } catch {
      hash.update(`${name}:absent\n`);
      continue;
    }
    if (name.endsWith('package.json')) {
      const pkg = JSON.parse(text);
      const fields = [
        'dependencies',
        'devDependencies',
        'optionalDependencies',
        'peerDependencies',
        'workspaces',
        'overrides',
        'allowScripts',
      ];
      text = JSON.stringify(fields.map((field) => [field, pkg[field] ?? null]));
    }
    hash.update(`${name}:${text}\n`);
  }
  return hash.digest('hex');
}

function readMarker() {
  try {
    return JSON.parse(readFileSync(INSTALL_MARKER, 'utf8'));
  } catch {
    return undefined;
  }
}

function writeMarker() {
  mkdirSync(dirname(INSTALL_MARKER), { recursive: true });
  writeFileSync(
    INSTALL_MARKER,
    `${JSON.stringify({ installedAt: new Date().toISOString(), fingerprint: installFingerprint() })}\n`,
  );
}

/**
 * Why an install is needed, or undefined when node_modules is current. The fast path is one stat
 * per input against the marker's mtime; only when an input is newer is the content compared (a
 * touched but unchanged file just refreshes the marker).
 */
export function installReason() {
  if (!existsSync(join(ROOT, 'node_modules'))) return 'node_modules is missing';
  const markerTime = mtime(INSTALL_MARKER);
  if (markerTime === undefined) return 'no record of a completed install (node_modules/.roundwise-installed)';
  const changed = newerThan(INSTALL_INPUTS, markerTime);
  if (!changed) return undefined;
  if (readMarker()?.fingerprint === installFingerprint()) {
    const now = new Date();
    utimesSync(INSTALL_MARKER, now, now);
    return undefined;
  }
  return `${relativeName(changed)} changed since the last install`;
}

/** Why the web build is needed, or undefined when web/dist is current. */
export function buildReason() {
  const built = mtime(WEB_OUTPUT);
  if (built === undefined) return 'web/dist is missing';
  // The widgets bundle is the build's second step (web/widgets/vite.config.ts).
  if (mtime(join(ROOT, 'web', 'dist', 'widgets.js')) === undefined) return 'web/dist/widgets.js is missing';
  const changed = newerThan(WEB_INPUTS, built);
  return changed ? `${relativeName(changed)} changed since the last build` : undefined;
}

const relativeName = (path) => path.slice(ROOT.length + 1);

function run(command, args, label) {
  const started = performance.now();
  console.log(`> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: process.env,
    shell: process.platform === 'win32',
  });
  if (result.error) throw new Error(`${label} could not run: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${label} failed (exit ${result.status ?? result.signal})`);
  return Math.round(performance.now() - started);
}

/**
 * `npm install` when needed; returns what was done. Not `npm ci`, even in CI: npm 11 here records
 * only this platform's optional packages (e.g. Biome's binaries) in the lock file, and `npm ci`
 * then refuses the lock as out of step. `npm install` keeps to the locked versions all the same.
 * `--prefer-offline`: a locked version already in npm's cache is taken from it without asking the
 * registry again (a fresh clone's install took 108 s instead of 179 s here); what is missing is
 * still fetched.
 */
export function ensureInstalled({ log = console.log } = {}) {
  const reason = installReason();
  if (!reason) return undefined;
  log(`Installing dependencies: ${reason}.`);
  const ms = run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], 'npm install');
  writeMarker();
  return `installed in ${ms} ms`;
}

/** `npm run build -w web` when web/dist is missing or older than its sources. */
export function ensureWebBuilt({ log = console.log } = {}) {
  const reason = buildReason();
  if (!reason) return undefined;
  if (!existsSync(join(ROOT, 'web', 'index.html'))) {
    log('Web build skipped: web/index.html does not exist.');
    return undefined;
  }
  log(`Building the web app: ${reason}.`);
  const ms = run('npm', ['run', 'build', '-w', 'web'], 'The web build');
  return `built in ${ms} ms`;
}

/** Both, in order. Throws with a readable message when a step fails. */
export function ensure(options = {}) {
  const done = [ensureInstalled(options), ensureWebBuilt(options)].filter(Boolean);
  return done;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    const reasons = [installReason(), buildReason()].filter(Boolean);
    console.log(
      reasons.length ? reasons.map((r) => `needed: ${r}`).join('\n') : 'Everything is installed and built.',
    );
    process.exit(reasons.length ? 1 : 0);
  }
  try {
    ensure();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
