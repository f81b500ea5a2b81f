// What the command figures share (run.ts, commands.ts): the table floor, the customers to update, the 20-client load.
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { createDb } from '@roundwise/db';
import autocannon from 'autocannon';
import { LOCAL_CREDENTIALS, LOCAL_REGION, TABLE_NAME } from '../local/runtime.ts';
import type { Caller } from './lib.ts';

/**
 * Raw SDK PutItem and GetItem round trips (300 of each, alternating) from this process to the
 * runtime's own dynalite, which `/api/health` names: the floor a command is compared with.
 */
export async function tableFloor(caller: Caller): Promise<{ put: number[]; get: number[] }> {
  const health = await caller.request('GET', '/api/health');
  const endpoint = String(health.json.components.dynamo.detail).match(/https?:\/\/[\d.:]+/)?.[0];
  if (!endpoint) throw new Error('health does not name the dynamo endpoint');
  const raw = createDb({
    tableName: TABLE_NAME,
    endpoint,
    region: LOCAL_REGION,
    credentials: { ...LOCAL_CREDENTIALS },
  });
  const put: number[] = [];
  const get: number[] = [];
  try {
    for (let i = 0; i < 300; i++) {
      const key = { pk: { S: `BENCH#${i % 20}` }, sk: { S: 'raw' } };
      let t = performance.now();
      await raw.client.send(
        new PutItemCommand({
          TableName: TABLE_NAME,
          Item: { ...key, n: { N: String(i) }, text: { S: 'x'.repeat(300) } },
        }),
      );
      put.push(performance.now() - t);
      t = performance.now();
      await raw.client.send(new GetItemCommand({ TableName: TABLE_NAME, Key: key }));
      get.push(performance.now() - t);
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

/** The account's live customers from a full sync: the commands the load updates. */
export async function liveCustomers(caller: Caller): Promise<{ _id: string }[]> {
  const customers: { _id: string }[] = [];
  let cursor = '';
  for (;;) {
    const page = await caller.request('GET', `/api/sync?cursor=${cursor}`);
    for (const ch of page.json.changes)
      if (ch.type === 'customer' && !ch.entity._deleted) customers.push(ch.entity);
    cursor = page.json.cursor;
    if (!page.json.hasMore) return customers;
  }
}
