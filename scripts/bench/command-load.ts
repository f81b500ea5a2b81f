// What the command figures share (run.ts, commands.ts, warm-up.ts, threads.ts): the table floor, the customers to update, the 20-client load.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { createDb, type Db } from '@roundwise/db';
import autocannon from 'autocannon';
import { LOCAL_CREDENTIALS, LOCAL_REGION, TABLE_NAME } from '../local/runtime.ts';
import { Caller, fullSync, startRoundwise } from './lib.ts';
import { townFolder } from './town.ts';

/**
 * How many calls of each kind run unmeasured before the measured ones, for the floor and for the
 * commands alike, so neither figure is the start-up's (V8 has not optimised the code yet). Both
 * keep getting faster for a few thousand calls and their ratio stays about the same
 * (`warm-up.ts`; docs/benchmarks.md), so 300 is enough.
 */
export const WARM_UP = 300;

/** A default SDK client to the runtime's own dynalite, which `/api/health` names. */
export async function floorClient(caller: Caller): Promise<Db> {
  const health = await caller.request('GET', '/api/health');
  const endpoint = String(health.json.components.dynamo.detail).match(/https?:\/\/[\d.:]+/)?.[0];
  if (!endpoint) throw new Error('health does not name the dynamo endpoint');
  return createDb({
    tableName: TABLE_NAME,
    endpoint,
    region: LOCAL_REGION,
    credentials: { ...LOCAL_CREDENTIALS },
  });
}

const rawKey = (i: number) => ({ pk: { S: `BENCH#${((i % 20) + 20) % 20}` }, sk: { S: 'raw' } });

/** One raw SDK PutItem of a small item without indexes: the floor's call. */
export const rawPut = (raw: Db, i: number) =>
  raw.client.send(
    new PutItemCommand({
      TableName: TABLE_NAME,
      Item: { ...rawKey(i), n: { N: String(i) }, text: { S: 'x'.repeat(300) } },
    }),
  );

/**
 * Raw SDK PutItem and GetItem round trips (300 of each, alternating, after WARM_UP unmeasured)
 * from this process to the runtime's own dynalite, which `/api/health` names: the floor a
 * command is compared with. A default SDK client (the same options as the runtime's), sent
 * through the SDK's full middleware stack, as the issue defines the floor.
 */
export async function tableFloor(caller: Caller): Promise<{ put: number[]; get: number[] }> {
  const raw = await floorClient(caller);
  const put: number[] = [];
  const get: number[] = [];
  try {
    for (let i = -WARM_UP; i < 300; i++) {
      let t = performance.now();
      await rawPut(raw, i);
      if (i >= 0) put.push(performance.now() - t);
      t = performance.now();
      await raw.client.send(new GetItemCommand({ TableName: TABLE_NAME, Key: rawKey(i) }));
      if (i >= 0) get.push(performance.now() - t);
    }
  } finally {
    raw.client.destroy();
  }
  return { put, get };
}

/**
 * `amount` `customers.update` commands from 20 connections at once, driven by autocannon in this
 * process (lighter than fetch, so the machine's two cores go to the server and its emulator
 * rather than to the load); `body()` gives each request its command.
 */
export function twentyClients(url: string, cookie: string, amount: number, body: () => unknown) {
  return autocannon({
    url,
    connections: 20,
    amount,
    headers: { cookie, 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: '/api/commands/customers.update',
        setupRequest: (request: Record<string, unknown>) => {
          request.body = JSON.stringify(body());
          return request;
        },
      },
    ],
  });
}

/**
 * `count` `customers.update` commands from one client, one after another, after `warmUp`
 * unmeasured ones (`body()` gives each its command, as for `twentyClients`): each one's wall time
 * and the server's own time (its Server-Timing), and the runtime's CPU time per measured command
 * (`cpuMs` reads it).
 */
export async function sequentialCommands(
  caller: Caller,
  count: number,
  body: () => unknown,
  cpuMs: () => number = () => Number.NaN,
  warmUp = WARM_UP,
) {
  const wall: number[] = [];
  const server: number[] = [];
  let cpuBefore = Number.NaN;
  for (let i = -warmUp; i < count; i++) {
    if (i === 0) cpuBefore = cpuMs();
    const res = await caller.request('POST', '/api/commands/customers.update', body());
    if (res.status !== 200) throw new Error(`command ${res.status} ${JSON.stringify(res.json)}`);
    if (i < 0) continue;
    wall.push(res.wallMs);
    server.push(res.serverMs);
  }
  return { wall, server, cpuMsPerCommand: (cpuMs() - cpuBefore) / count };
}

/** One customers.update after another, over the given customers: the load's command bodies. */
export function customerUpdates(customers: { _id: string }[], idPrefix: string) {
  let n = 0;
  return () => {
    const customer = customers[n++ % customers.length]!;
    return {
      commandId: `${idPrefix}-${n}`,
      input: { _id: customer._id, changes: { notes: `Bench note ${n}` } },
    };
  };
}

/** The account's live customers from a full sync: the commands the load updates. */
export async function liveCustomers(caller: Caller): Promise<{ _id: string }[]> {
  const customers: { _id: string }[] = [];
  await fullSync(caller, (changes) => {
    for (const ch of changes) if (ch.type === 'customer' && !ch.entity._deleted) customers.push(ch.entity);
  });
  return customers;
}

/**
 * The first full load (`liveCustomers`) asks for a sync snapshot, built in the background a few
 * seconds later: waits until a full load starts from it, so the build does not land in a figure.
 */
export async function snapshotBuilt(caller: Caller) {
  for (let i = 0; i < 200; i++) {
    const page = await caller.request('GET', '/api/sync?cursor=');
    if (page.json.pages) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no sync snapshot was built');
}

/**
 * A fresh runtime on a copy of the town data set (seeded once: `townFolder`), signed in as its
 * owner, with the floor's SDK client, the command bodies to send, and the sync snapshot already
 * built: what warm-up.ts and threads.ts measure on. `stop()` stops it and deletes the copy.
 */
export async function townCommandRuntime(name: string) {
  const { dir: seedDir, login } = await townFolder();
  const work = await mkdtemp(join(tmpdir(), `roundwise-${name}-`));
  await cp(seedDir, work, { recursive: true });
  const runtime = await startRoundwise(work);
  let raw: Db | undefined;
  const stop = async () => {
    raw?.client.destroy();
    await runtime.stop();
    await rm(work, { recursive: true, force: true });
  };
  try {
    const caller = new Caller(runtime.url);
    await caller.login(login.email, login.password);
    raw = await floorClient(caller);
    const next = customerUpdates(await liveCustomers(caller), `${name}-${process.pid}`);
    await snapshotBuilt(caller);
    return { runtime, caller, raw, next, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
