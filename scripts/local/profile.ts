import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/**
 * ROUNDWISE_CPU_PROFILE=<folder>: each SIGUSR2 starts, and the next one stops, a CPU profile of
 * the runtime's main thread, written as `<folder>/runtime-<n>.cpuprofile` (open it in Chrome's
 * DevTools or speedscope). For profiling one phase of a benchmark rather than the whole process,
 * which `node --cpu-prof` would do (and which NODE_OPTIONS does not accept).
 */
export function profileOnSignal(folder: string, log: (line: string) => void) {
  const session = new Session();
  session.connect();
  let running = false;
  let count = 0;
  process.on('SIGUSR2', async () => {
    if (!running) {
      running = true;
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 200 });
      await session.post('Profiler.start');
      log('CPU profile started');
      return;
    }
    running = false;
    const { profile } = await session.post('Profiler.stop');
    const file = join(folder, `runtime-${++count}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    log(`CPU profile written to ${file}`);
  });
}
