import { mkdir } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';

export interface LocalDynamo {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * dynalite on a free loopback port in its own worker thread, persisted as LevelDB under
 * `directory` (in memory without one). The emulator is the heaviest part of a request; in its own
 * thread it runs on the second core while the API works on the first (measured: full sync and
 * concurrent commands, see docs/local-runtime.md). Table status changes are immediate: the 500 ms
 * CREATING default would only slow the first start.
 */
export async function startDynamo(directory?: string): Promise<LocalDynamo> {
  if (directory) await mkdir(directory, { recursive: true });
  const worker = new Worker(new URL('./dynalite-thread.mjs', import.meta.url), {
    workerData: { path: directory },
  });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (m: { port?: number; error?: string }) =>
      m.port ? resolve(m.port) : reject(new Error(m.error)),
    );
  });
  let stopped: Promise<void> | undefined;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    // dynalite's close() waits for the HTTP server, then closes LevelDB (releasing its LOCK file).
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        worker.once('message', () => resolve());
        worker.postMessage('stop');
      }).then(async () => {
        await worker.terminate();
      });
      return stopped;
    },
  };
}
