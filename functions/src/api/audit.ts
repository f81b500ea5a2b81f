import { AppError } from '@roundwise/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { addTestEntries } from '../audit/add-test-entries.ts';
import { listEntries } from '../audit/list-entries.ts';
import { restoreFromEntry } from '../audit/restore-deleted.ts';
import { restoreValueFromEntry } from '../audit/restore-value.ts';
import { type Env, requireRoute, requireSession, validate } from './env.ts';

const CommandId = z.string().min(1).max(64);

/** The audit log (spec 001 sections 2.5 and 7): read online, by the audit route's users only. */
export const auditRoutes = new Hono<Env>()
  .use(requireSession, requireRoute('audit'))
  .post(
    '/events',
    validate(
      'json',
      z.object({
        query: z.string().max(1000).default(''),
        fromTimestamp: z.string().max(120).optional(),
        stopIndex: z.number().int().min(1).max(200).default(50),
        createdBy: z.string().max(254).optional(),
      }),
    ),
    async (c) => c.json(await listEntries(c.var.deps, c.var.signed.actor, c.req.valid('json'))),
  )
  .post('/events/fake', async (c) => {
    if (!c.var.signed.actor.developerMode) throw new AppError('forbidden', 'access.developer-mode-required');
    return c.json(await addTestEntries(c.var.deps, c.var.signed.actor), 201);
  })
  .post(
    '/restore',
    validate('json', z.object({ cursor: z.string().max(120), commandId: CommandId })),
    async (c) => {
      const { cursor, commandId } = c.req.valid('json');
      const reply = await restoreFromEntry(c.var.deps, c.var.signed.actor, cursor, commandId);
      return c.json(reply.body, reply.status as 200);
    },
  )
  .post(
    '/restore-value',
    validate(
      'json',
      z.object({
        cursor: z.string().max(120),
        id: z.string().max(64),
        field: z.string().max(60),
        commandId: CommandId,
      }),
    ),
    async (c) => {
      const reply = await restoreValueFromEntry(c.var.deps, c.var.signed.actor, c.req.valid('json'));
      return c.json(reply.body, reply.status as 200);
    },
  );
