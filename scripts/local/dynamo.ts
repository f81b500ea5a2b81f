import { mkdir } from 'node:fs/promises';
import dynalite from 'dynalite';
import { closeServer, LOOPBACK, listen } from './net.ts';

export interface LocalDynamo {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * dynalite on a free loopback port, persisted as LevelDB under `directory` (in memory without
 * one). Table status changes are immediate: the 500 ms CREATING default would only slow the
 * first start.
 */
export async function startDynamo(directory?: string): Promise<LocalDynamo> {
  if (directory) await mkdir(directory, { recursive: true });
  const server = dynalite({ path: directory, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const port = await listen(server, 0);
  return {
    endpoint: `http://${LOOPBACK}:${port}`,
    // dynalite's close() waits for the HTTP server, then closes LevelDB (releasing its LOCK file).
    stop: () => closeServer(server),
  };
}
