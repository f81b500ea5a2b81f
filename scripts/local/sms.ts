import { randomBytes, randomUUID } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { closeServer, LOOPBACK, listen } from './net.ts';
import type { ProviderCallbacks } from './provider-callbacks.ts';

export interface SmsRecord {
  id: string;
  /** The idempotency key the sender gave: our delivery id. */
  key: string;
  to: string;
  body: string;
  at: string;
}

export interface SmsSink {
  url: string;
  apiKey: string;
  /** Every message accepted, oldest first (one per idempotency key). */
  messages(): SmsRecord[];
  /** Calls accepted but answered from an earlier call with the same key (not sent again). */
  duplicates(): number;
  /** The customer answers the message sent under `key`: an inbound callback. */
  reply(key: string, text: string): Promise<void>;
  stop(): Promise<void>;
}

export interface SmsSinkOptions {
  directory: string;
  callbacks: ProviderCallbacks;
  /** Share of calls answered 500, and share taken but never answered (the caller times out). Default 0. */
  failRate?: number;
  timeoutRate?: number;
}

/**
 * The local SMS provider: an HTTP server on a free loopback port that answers like a real SMS API
 * (`POST /messages`, bearer key, `Idempotency-Key`, `201 { id, status }`), keeps what it "sent"
 * in `<directory>/messages.jsonl` (so a key is recognised across restarts), and reports each
 * message delivered through the signed webhook a moment later. It can fail a share of calls
 * (500, or no answer) to show that sends are retried and never doubled.
 */
export async function startSmsSink(options: SmsSinkOptions): Promise<SmsSink> {
  await mkdir(options.directory, { recursive: true });
  const file = join(options.directory, 'messages.jsonl');
  const records: SmsRecord[] = (await readFile(file, 'utf8').catch(() => ''))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SmsRecord);
  const byKey = new Map(records.map((r) => [r.key, r]));
  const apiKey = randomBytes(16).toString('hex');
  const hanging = new Set<ServerResponse>();
  let duplicates = 0;

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://sms.local');
    if (req.method === 'GET' && url.pathname === '/messages') return answer(res, 200, { messages: records });
    if (req.method !== 'POST' || url.pathname !== '/messages')
      return answer(res, 404, { error: 'not found' });
    if (req.headers.authorization !== `Bearer ${apiKey}`) return answer(res, 401, { error: 'bad key' });
    const key = String(req.headers['idempotency-key'] ?? '');
    if (!key) return answer(res, 400, { error: 'Idempotency-Key is required' });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: { to?: unknown; body?: unknown };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return answer(res, 400, { error: 'body is not JSON' });
    }
    if (typeof body.to !== 'string' || typeof body.body !== 'string')
      return answer(res, 400, { error: 'to and body' });
    const roll = Math.random();
    if (roll < (options.failRate ?? 0)) return answer(res, 500, { error: 'provider unavailable' });
    // Taken, but the answer never comes: the caller gives up and tries again with the same key.
    const lostAnswer = roll < (options.failRate ?? 0) + (options.timeoutRate ?? 0);
    const known = byKey.get(key);
    if (known) {
      duplicates++;
      return answer(res, 200, { id: known.id, status: 'queued', duplicate: true });
    }
    const record: SmsRecord = {
      id: `SM${randomUUID().replace(/-/g, '')}`,
      key,
      to: body.to,
      body: body.body,
      at: new Date().toISOString(),
    };
    byKey.set(key, record);
    records.push(record);
    await appendFile(file, `${JSON.stringify(record)}\n`);
    if (lostAnswer) hanging.add(res);
    else answer(res, 201, { id: record.id, status: 'queued' });
    setTimeout(() => {
      options.callbacks.emit({
        event: 'delivered',
        eventId: `${record.id}:delivered`,
        deliveryId: key,
        providerId: record.id,
        timestamp: new Date().toISOString(),
      });
    }, 100);
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => answer(res, 500, { error: error.message }));
  });
  const port = await listen(server, 0, LOOPBACK);
  return {
    url: `http://${LOOPBACK}:${port}`,
    apiKey,
    messages: () => [...records],
    duplicates: () => duplicates,
    async reply(key, text) {
      const to = byKey.get(key);
      if (!to) throw new Error(`No SMS was sent under ${key}`);
      options.callbacks.emit({
        event: 'inbound',
        eventId: `MO${randomUUID().replace(/-/g, '')}`,
        inReplyTo: key,
        from: to.to,
        text,
        timestamp: new Date().toISOString(),
      });
      await options.callbacks.flush();
    },
    async stop() {
      for (const res of hanging) res.destroy();
      await closeServer(server);
    },
  };
}
