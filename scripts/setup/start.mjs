// `npm start`: install what is missing, build what is stale, then run the local runtime
// (scripts/local/main.ts) with tsx in a child process until Ctrl+C.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensure, ROOT } from './ensure.mjs';

const startedAt = performance.timeOrigin;

try {
  ensure();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

/**
 * The child's environment:
 * - NODE_OPTIONS gains --openssl-legacy-provider: s3rver encrypts ListObjectsV2 continuation
 *   tokens with DES, which OpenSSL 3 only has in its legacy provider (the flag is read at
 *   process start, hence here and not in the runtime).
 * - ROUNDWISE_T0: this process's start, so the ready line counts the whole `npm start`.
 */
function childEnv(env = process.env) {
  const nodeOptions = env.NODE_OPTIONS ?? '';
  return {
    ...env,
    NODE_OPTIONS: nodeOptions.includes('--openssl-legacy-provider')
      ? nodeOptions
      : `${nodeOptions} --openssl-legacy-provider`.trim(),
    ROUNDWISE_T0: String(Math.round(startedAt)),
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED:
      env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ?? 'true',
  };
}

const child = spawn(process.execPath, ['--import', 'tsx', join('scripts', 'local', 'main.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: childEnv(),
});

// Ctrl+C in a terminal signals the whole foreground group, the child included; a signal sent to
// this process alone (kill, a supervisor) is passed on. The child stops once, whatever the count,
// so a doubled SIGINT is harmless. This process stays until the child has exited.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('error', (error) => {
  console.error(`Could not start the local runtime: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) {
    // Killed by a signal it did not handle: exit the conventional way (128 + signal number).
    const numbers = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
    process.exit(128 + (numbers[signal] ?? 0));
  }
  process.exit(code ?? 0);
});
