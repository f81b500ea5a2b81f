import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { createDb, type Db, Keys } from '@roundwise/db';

/**
 * Test support for the reliability tests: the local runtime in a child process (`messaging-child.ts`),
 * to SIGKILL and start again.
 */
const CHILD = fileURLToPath(new URL('./messaging-child.ts', import.meta.url));

export interface Running {
  child: ChildProcess;
  url: string;
  db: Db;
  mailDir: string;
  /** How far ahead of the real clock the runtime lives (leases held before a kill have run out). */
  offsetMs: number;
}

/**
 * Starts the runtime on `dataDir` (its `data` and `web` folders), living `offsetMs` ahead; `env`
 * adds to its environment (a kill point: `messaging-child.ts`).
 */
export function startChild(
  dataDir: string,
  offsetMs: number,
  env: Record<string, string> = {},
): Promise<Running> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: {
        ...process.env,
        DATA_DIR: join(dataDir, 'data'),
        WEB_DIR: join(dataDir, 'web'),
        CLOCK_OFFSET_MS: String(offsetMs),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (!line) return;
      const ready = JSON.parse(line) as { url: string; dynamo: string; mailDir: string };
      const db = createDb({
        tableName: 'roundwise',
        endpoint: ready.dynamo,
        region: 'eu-west-2',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      });
      resolve({ child, url: ready.url, db, mailDir: ready.mailDir, offsetMs });
    });
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`runtime exited (${code}): ${err}`));
    });
  });
}

export function kill(r: Running) {
  return new Promise<void>((resolve) => {
    r.child.once('exit', () => resolve());
    r.child.kill('SIGKILL');
    r.db.client.destroy();
  });
}

/** Waits for a runtime that kills itself (a kill point) to be gone. */
export function exited(r: Running) {
  return new Promise<void>((resolve) => {
    const gone = () => {
      r.db.client.destroy();
      resolve();
    };
    if (r.child.exitCode !== null || r.child.signalCode !== null) gone();
    else r.child.once('exit', gone);
  });
}

/** How many items of a type an account has (a count query: the test does not read them). */
export async function countOf(db: Db, accountId: string, type: string) {
  const { Count } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': Keys.entityPk(accountId, type as 'notification') },
      Select: 'COUNT',
    }),
  );
  return Count ?? 0;
}
