import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../functions/src/api/request-guards.ts';
import { withRawBody } from './raw-body.ts';

/** A Hono app behind withRawBody that echoes the body it was given, and whether it came buffered. */
const app = new Hono().post('/echo', async (c) => c.json({ body: await c.req.json() }));
let buffered: boolean[] = [];
const listener = getRequestListener(app.fetch);
const server = createServer(
  withRawBody((req, res) => {
    buffered.push(Buffer.isBuffer((req as { rawBody?: unknown }).rawBody));
    return listener(req, res);
  }),
);

function post(body: string, headers: Record<string, string>) {
  const { port } = server.address() as AddressInfo;
  return new Promise<{ status: number; text: string }>((done, fail) => {
    const req = request({ port, host: '127.0.0.1', method: 'POST', path: '/echo', headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => done({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', fail);
    if (headers['transfer-encoding'] === 'chunked') {
      req.write(body.slice(0, 5));
      setTimeout(() => req.end(body.slice(5)), 20);
    } else req.end(body);
  });
}

describe('withRawBody', () => {
  beforeAll(() => new Promise<void>((r) => server.listen(0, '127.0.0.1', r)));
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('hands the app a buffered body with a declared length, and a streamed one otherwise, the same', async () => {
    buffered = [];
    const body = JSON.stringify({ commandId: 'c1', input: { notes: 'Côté jardin' } });
    const json = { 'content-type': 'application/json' };
    const sized = await post(body, { ...json, 'content-length': String(Buffer.byteLength(body)) });
    const chunked = await post(body, { ...json, 'transfer-encoding': 'chunked' });
    expect(sized).toEqual({ status: 200, text: JSON.stringify({ body: JSON.parse(body) }) });
    expect(chunked).toEqual(sized);
    expect(buffered).toEqual([true, false]);
  });

  it('refuses a body declared over the limit with 413 at once, without reading it', async () => {
    buffered = [];
    const { port } = server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; text: string }>((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error('no answer within 3 s: the server waited for the body')),
        3000,
      );
      const req = request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/echo',
          headers: { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => {
            clearTimeout(timer);
            done({ status: res.statusCode ?? 0, text });
          });
        },
      );
      req.on('error', () => {});
      // Only the start of the 50 MB is ever sent: the answer must not wait for the rest.
      req.write(Buffer.alloc(65_536, 32));
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({
      code: 'general.body-too-large',
      params: { maxBytes: MAX_BODY_BYTES },
    });
    expect(buffered).toEqual([]);
  });
});
