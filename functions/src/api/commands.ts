import { Hono } from 'hono';
import { z } from 'zod';
import { runCommand } from '../commands/run-command.ts';
import { type Env, requireSession, validate } from './env.ts';

export const commandRoutes = new Hono<Env>().post(
  '/:name',
  requireSession,
  validate('param', z.object({ name: z.string().min(1).max(100) })),
  validate('json', z.object({ commandId: z.string().min(8).max(64), input: z.unknown() })),
  async (c) => {
    const { commandId, input } = c.req.valid('json');
    const answer = await runCommand(
      c.var.services,
      c.var.signed.actor,
      c.req.valid('param').name,
      commandId,
      input,
    );
    return c.json(answer.body as object, answer.status as 200);
  },
);
