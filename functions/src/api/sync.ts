import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { Hono } from 'hono';
import { z } from 'zod';
import { readChanges } from '../sync/read-changes.ts';
import { type Env, requireSession, validate } from './env.ts';

const gunzipAsync = promisify(gunzip);

/** Page size: large pages keep a full load to few round trips; 1 MB is DynamoDB's own page limit. */
export const SYNC_PAGE_DEFAULT = 2000;

export const syncRoutes = new Hono<Env>().get(
  '/',
  requireSession,
  validate(
    'query',
    z.object({
      cursor: z
        .string()
        .max(300)
        .regex(/^[A-Za-z0-9_-]*$/, 'sync.cursor-invalid')
        .optional(),
      limit: z.coerce.number().int().min(1).max(5000).default(SYNC_PAGE_DEFAULT),
    }),
  ),
  async (c) => {
    const { cursor, limit } = c.req.valid('query');
    const answer = await readChanges(c.var.deps, c.var.signed.actor, cursor || undefined, limit);
    if (answer.kind === 'page') return c.json(answer.page);
    // Snapshot pages are stored gzipped: sent as they are to clients that accept gzip (browsers do).
    const headers = { 'content-type': 'application/json; charset=utf-8', vary: 'accept-encoding' };
    if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
      return c.body(answer.body as Uint8Array<ArrayBuffer>, 200, { ...headers, 'content-encoding': 'gzip' });
    }
    return c.body(new Uint8Array(await gunzipAsync(answer.body)), 200, headers);
  },
);
