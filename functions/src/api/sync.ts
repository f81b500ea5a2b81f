import { Hono } from 'hono';
import { z } from 'zod';
import { readChanges } from '../sync/read-changes.ts';
import { type Env, requireSession, validate } from './env.ts';

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
    return c.json(await readChanges(c.var.services, c.var.signed.actor, cursor || undefined, limit));
  },
);
