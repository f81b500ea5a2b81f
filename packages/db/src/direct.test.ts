import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectClient } from './direct.ts';

/** A stand-in DynamoDB endpoint that answers each request with the next scripted reply. */
type Reply = { status: number; body: unknown } | 'drop';
let script: Reply[] = [];
let seen: { target: string; body: string; auth: string }[] = [];
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    seen.push({
      target: String(req.headers['x-amz-target']),
      body,
      auth: String(req.headers.authorization),
    });
    const reply = script.shift() ?? { status: 200, body: {} };
    if (reply === 'drop') return req.socket.destroy();
    res.writeHead(reply.status, { 'content-type': 'application/x-amz-json-1.0' });
    res.end(JSON.stringify(reply.body));
  });
});

const client = () => {
  const { port } = server.address() as AddressInfo;
  return new DirectClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: async () => 'local',
    credentials: async () => ({ accessKeyId: 'local', secretAccessKey: 'local' }),
    keepAlive: true,
    maxSockets: 4,
    connectionTimeoutMs: 1000,
  });
};
const get = () => new GetCommand({ TableName: 'roundwise', Key: { pk: 'A#1', sk: 'x' } });
const error = (type: string, message = type) => ({
  __type: `com.amazonaws.dynamodb.v20120810#${type}`,
  message,
});

describe('direct calls: answers, errors and retries as the SDK gives them', () => {
  beforeAll(() => new Promise<void>((r) => server.listen(0, '127.0.0.1', r)));
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends the signed JSON of the operation and converts the answer back', async () => {
    script = [
      { status: 200, body: { Item: { pk: { S: 'A#1' }, n: { N: '2.5' }, list: { L: [{ BOOL: true }] } } } },
    ];
    seen = [];
    const direct = client();
    const out = await direct.send('GetItem', get() as never);
    expect(out.Item).toEqual({ pk: 'A#1', n: 2.5, list: [true] });
    expect(seen[0]?.target).toBe('DynamoDB_20120810.GetItem');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({
      TableName: 'roundwise',
      Key: { pk: { S: 'A#1' }, sk: { S: 'x' } },
    });
    expect(seen[0]?.auth).toMatch(
      /^AWS4-HMAC-SHA256 Credential=local\/\d{8}\/local\/dynamodb\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date;x-amz-target, Signature=[0-9a-f]{64}$/,
    );
    direct.destroy();
  });

  it('retries throttling, a 5xx and a dropped connection, up to 3 attempts in all', async () => {
    const direct = client();
    script = [
      { status: 400, body: error('ProvisionedThroughputExceededException') },
      { status: 500, body: error('InternalServerError') },
    ];
    seen = [];
    expect((await direct.send('GetItem', get() as never)).$metadata).toEqual({
      httpStatusCode: 200,
      attempts: 3,
    });
    expect(seen).toHaveLength(3);

    script = ['drop'];
    seen = [];
    expect((await direct.send('GetItem', get() as never)).$metadata).toEqual({
      httpStatusCode: 200,
      attempts: 2,
    });

    script = [500, 500, 500, 500].map((status) => ({
      status,
      body: error('InternalServerError', 'engine down'),
    }));
    seen = [];
    const failure = await direct.send('GetItem', get() as never).catch((e: Error) => e);
    expect(failure).toMatchObject({
      name: 'InternalServerError',
      message: 'engine down',
      $metadata: { attempts: 3 },
    });
    expect(seen).toHaveLength(3);
    direct.destroy();
  });

  it('does not retry a refusal: a failed condition is the SDK class at once, with its message', async () => {
    const direct = client();
    script = [
      { status: 400, body: error('ConditionalCheckFailedException', 'The conditional request failed') },
    ];
    seen = [];
    const failure = await direct.send('GetItem', get() as never).catch((e: Error) => e);
    expect(failure).toBeInstanceOf(ConditionalCheckFailedException);
    expect((failure as Error).message).toBe('The conditional request failed');
    expect(seen).toHaveLength(1);
    direct.destroy();
  });
});
