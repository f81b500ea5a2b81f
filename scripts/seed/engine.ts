import { mkdir } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';

export interface ThreadedDynamo {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * dynalite on a free loopback port in its own worker thread, persisted under `directory` (in
 * memory without one). A bulk load keeps both the SDK client and dynalite busy; in one thread they
 * take turns, in two they share the machine's cores.
 */
export async function startDynaliteThread(directory?: string): Promise<ThreadedDynamo> {
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
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise<void>((resolve) => {
        worker.once('message', () => resolve());
        worker.postMessage('stop');
      });
      await worker.terminate();
    },
  };
}
