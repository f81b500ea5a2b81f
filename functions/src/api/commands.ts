import { assertAccess, type Change, loadCommand } from '@roundwise/core';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { runCommand } from '../commands/run-command.ts';
import { type Env, requireSession, validate } from './env.ts';

/**
 * A role that may not run the command is refused before its body is even validated: 403 whatever
 * it sends. (`executeCommand` checks again, before the command's input, for the browser's runs.)
 */
const requireCommandAccess = createMiddleware<Env>(async (c, next) => {
  const def = await loadCommand(c.req.param('name') ?? '');
  if (def) assertAccess(def.access, c.var.signed.actor);
  await next();
});

/** A command's answer: its result and the records it changed (`commands/run.ts`, `answerOf`). */
export interface CommandAnswer<R = unknown> {
  commandId: string;
  result: R;
  changes: Change[];
}

export const commandRoutes = new Hono<Env>().post(
  '/:name',
  requireSession,
  validate('param', z.object({ name: z.string().min(1).max(100) })),
  requireCommandAccess,
  validate('json', z.object({ commandId: z.string().min(8).max(64), input: z.unknown() })),
  async (c) => {
    const { commandId, input } = c.req.valid('json');
    const answer = await runCommand(
      c.var.deps,
      c.var.signed.actor,
      c.req.valid('param').name,
      commandId,
      input,
    );
    // A refusal's status is not 200 and its body `{ code, params }`: the client throws it (docs/api.md).
    return c.json(answer.body as CommandAnswer, answer.status as 200);
  },
);
