import { AppError, errorFromAnswer } from '@roundwise/core';
import { z } from 'zod';
import { runCommand } from '../commands/run-command.ts';
import type { Env } from './env.ts';

/** The header a caller names its call with: the command's id, so a retried request is the same command. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

const Key = z.string().min(8).max(64);

/**
 * Runs a command for an endpoint the spec gives as a call rather than a synced save (mark as read,
 * cancel scheduled, the exclude lists): the same command, rules and record as
 * `POST /api/commands/:name`, under the caller's `Idempotency-Key`, so a retried request (a
 * timeout, a double tap) answers from the first run's record instead of running again.
 */
export async function keyedCommand(
  c: { var: Env['Variables']; req: { header(name: string): string | undefined } },
  name: string,
  input: unknown,
) {
  const key = Key.safeParse(c.req.header(IDEMPOTENCY_HEADER));
  if (!key.success) {
    throw new AppError('validation', 'general.validation-failed', {
      issues: ['Idempotency-Key: 8 to 64 characters, the same for every retry of one call'],
    });
  }
  const answer = await runCommand(c.var.deps, c.var.signed.actor, name, key.data, input);
  if (answer.status !== 200) throw errorFromAnswer(answer.status, answer.body);
  return (answer.body as { result: unknown }).result;
}
