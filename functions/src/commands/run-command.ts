import {
  type Actor,
  AppError,
  type CommandContext,
  commands,
  type Effect,
  executeCommand,
  isAppError,
  newId,
} from '@roundwise/core';
import { type CommandRecord, DynamoStore, EntityRepository } from '@roundwise/db';
import { background } from '../background.ts';
import type { Services } from '../context.ts';
import { runEffects } from './effects.ts';

export interface CommandAnswer {
  status: number;
  body: unknown;
}

/** How long a claimed command may stay unfinished before a retry may run it again. */
const PENDING_MS = 30_000;

/**
 * Runs a command once per `commandId`. The claim and the command's reads go in parallel (the
 * command only buffers its writes); the writes are stored only when the claim is ours, so a replay
 * answers with the first answer and writes nothing. Two sequential round trips in all. Transient failures (a version conflict, a
 * crash) release the claim so the client's retry runs the command again.
 */
export async function runCommand(
  s: Services,
  actor: Actor,
  name: string,
  commandId: string,
  input: unknown,
): Promise<CommandAnswer> {
  const def = commands.get(name);
  if (!def) throw new AppError('not-found', 'command.unknown', { name });
  const store = new DynamoStore(new EntityRepository(s.db, actor.accountId), s.now);
  const effects: Effect[] = [];
  const ctx: CommandContext = { store, actor, now: s.now(), newId, emit: (e) => effects.push(e) };

  const [claim, outcome] = await Promise.all([
    s.auth.claimCommand(actor.accountId, commandId, s.now(), PENDING_MS),
    executeCommand(def as never, ctx, input).then(
      (result) => ({ ok: true as const, result }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
  ]);
  if (!claim.claimed) return replay(s, actor, commandId, claim.record);
  try {
    if (!outcome.ok) throw outcome.error;
    const changes = await store.commit();
    const answer = { status: 200, body: { commandId, result: outcome.result, changes } };
    // The answer record is written after the reply: it only serves replays, and until it lands a
    // replay finds the claim and is told to retry (409 command.in-progress). If the process dies
    // first, the claim expires and a replay runs the command again over its own writes: updates
    // and deletes repeat harmlessly, and a create finds its entity and rewrites it.
    background(s.answers.write(actor.accountId, commandId, answer, s.now()), { beforeFreeze: true });
    await runEffects(s, actor, effects);
    return answer;
  } catch (error) {
    if (isAppError(error) && error.kind !== 'conflict' && error.kind !== 'unavailable') {
      const answer = { status: statusOf(error), body: { code: error.code, params: error.params } };
      await s.auth.completeCommand(actor.accountId, commandId, answer, s.now());
      return answer;
    }
    await s.auth.releaseCommand(actor.accountId, commandId);
    throw error;
  }
}

/**
 * The answer to a replay. A first attempt that is just finishing (its answer record is written
 * right after its reply) gets a moment to land, so a quick retry gets the real answer.
 */
async function replay(
  s: Services,
  actor: Actor,
  commandId: string,
  record: CommandRecord,
): Promise<CommandAnswer> {
  for (let attempt = 0; ; attempt++) {
    if (record.status === 'done' && record.answer) return record.answer as CommandAnswer;
    if (attempt === REPLAY_WAITS) throw new AppError('conflict', 'command.in-progress', { commandId });
    await new Promise((resolve) => setTimeout(resolve, 25));
    const again = await s.auth.claimCommand(actor.accountId, commandId, s.now(), PENDING_MS);
    // The first attempt gave up its claim (a conflict or a crash): this one runs it afresh.
    if (again.claimed) {
      await s.auth.releaseCommand(actor.accountId, commandId);
      throw new AppError('conflict', 'general.conflict', { commandId });
    }
    record = again.record;
  }
}
const REPLAY_WAITS = 8;

/** One table from error kind to HTTP status, used by every endpoint. */
export function statusOf(error: AppError): 400 | 401 | 403 | 404 | 409 | 429 | 503 {
  const table = {
    validation: 400,
    unauthenticated: 401,
    forbidden: 403,
    'not-found': 404,
    conflict: 409,
    'rate-limited': 429,
    unavailable: 503,
  } as const;
  return table[error.kind];
}
