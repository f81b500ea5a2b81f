import {
  type Actor,
  AppError,
  type CommandContext,
  commands,
  type Effect,
  type EntityType,
  executeCommand,
  isAppError,
  issuedAtOf,
} from '@roundwise/core';
import { type CommandRecord, commandThatWrote, DynamoStore, EntityRepository } from '@roundwise/db';
import { background } from '../background.ts';
import type { Services } from '../context.ts';
import { commandIds } from './command-ids.ts';
import { runEffects } from './effects.ts';

export interface CommandAnswer {
  status: number;
  body: unknown;
}

/**
 * How long a run that wrote but did not record its answer (it crashed) keeps a duplicate
 * waiting, and how long a claimed command may stay unfinished, before a retry may run it again.
 */
const PENDING_MS = 30_000;

/**
 * Runs a command once per `commandId`, in two sequential round trips to the table: the
 * command's reads with a read of its answer record beside them, then its writes. The answer
 * record is written after the reply. Nothing is claimed up front, which saves a conditional
 * write per command (docs/benchmarks.md); instead (docs/architecture.md, "Commands"):
 * - a replay finds the answer record and answers with it, writing nothing;
 * - a duplicate that arrives before the answer record is written recognises the first run's
 *   writes (every item a command writes carries its commandId, and a command reads each item
 *   before it updates or deletes it, tombstones included) and waits for the answer;
 * - two runs at once write the same items at the same expected `_version` (created ids derive
 *   from the commandId), so one of them fails the condition, finds its own commandId on the
 *   item, and waits for the other's answer;
 * - a run stopped part-way through its writes by another command's change records that it
 *   gave up (`released`), so the client's retry runs it again at once over its own writes;
 * - only a command that asks for server-only work (`ctx.emit`: mail, providers) claims its
 *   commandId before writing, as that work is not covered by any item's condition.
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
  const store = new DynamoStore(new EntityRepository(s.db, actor.accountId), s.now, commandId);
  const effects: Effect[] = [];
  const ctx: CommandContext = {
    store,
    actor,
    now: s.now(),
    issuedAt: issuedAtOf(commandId),
    newId: commandIds(commandId),
    emit: (e) => effects.push(e),
  };

  const [record, outcome] = await Promise.all([
    s.auth.getCommandRecord(actor.accountId, commandId, s.now()),
    executeCommand(def as never, ctx, input).then(
      (result) => ({ ok: true as const, result }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
  ]);
  // A released record: an earlier run stopped part-way, and this one goes ahead over its writes.
  const released = record?.status === 'released';
  if (record && !released) return replay(s, actor, commandId, record);
  if (!released && appliedRecently(store, commandId, s.now())) return replay(s, actor, commandId, undefined);
  if (!outcome.ok) {
    const error = outcome.error;
    if (isAppError(error) && error.kind !== 'conflict' && error.kind !== 'unavailable') {
      // A refusal is the command's answer: a replay gets the same refusal.
      const refusal = { status: statusOf(error), body: { code: error.code, params: error.params } };
      return s.auth.recordRefusal(actor.accountId, commandId, refusal, s.now());
    }
    throw error;
  }
  let claimed = false;
  if (effects.length > 0) {
    const claim = await s.auth.claimCommand(actor.accountId, commandId, s.now(), PENDING_MS);
    if (!claim.claimed) return replay(s, actor, commandId, claim.record);
    claimed = true;
  }
  let committed = false;
  try {
    const changes = await store.commit();
    committed = true;
    const answer = { status: 200, body: { commandId, result: outcome.result, changes } };
    // The answer record is written after the reply: until it lands, a duplicate recognises the
    // writes as this command's and waits for it. If the process dies first, a retry runs the
    // command again once PENDING_MS have passed: updates and deletes repeat harmlessly, and a
    // create finds its entity (same id) and rewrites it.
    background(s.answers.write(actor.accountId, commandId, answer, s.now()), { beforeFreeze: true });
    await runEffects(s, actor, effects);
    return answer;
  } catch (error) {
    if (claimed) await s.auth.releaseCommand(actor.accountId, commandId);
    // A conflict with a duplicate of this very command, which got there first: its answer.
    if (await lostToItself(store, commandId, error)) return replay(s, actor, commandId, undefined);
    // Stopped part-way through its writes (a conflict with another command): a retry must not
    // take them for a duplicate's still running, and runs the command again over them. (A claim
    // was given up just above, so the record is free for it.)
    if (!committed && store.stored > 0) await s.auth.releaseWrites(actor.accountId, commandId, s.now());
    throw error;
  }
}

/** Did a run of this command write an item this run read, recently enough to be still running? */
function appliedRecently(store: DynamoStore, commandId: string, now: Date) {
  const written = store.writtenBy(commandId);
  return written !== undefined && Date.parse(written.updatedAt) > now.getTime() - PENDING_MS;
}

async function lostToItself(store: DynamoStore, commandId: string, error: unknown) {
  if (!isAppError(error) || error.code !== 'general.conflict') return false;
  const { type, id } = error.params as { type?: EntityType; id?: string };
  if (!type || !id) return false;
  const current = await store.repo.getRaw(type, id);
  return current !== undefined && commandThatWrote(current) === commandId;
}

/**
 * The answer to a replay or a duplicate. A first run that is just finishing (its answer record
 * is written right after its reply) gets a moment to land, so a quick retry gets the real answer;
 * after that the client is told to retry (409 command.in-progress).
 */
async function replay(
  s: Services,
  actor: Actor,
  commandId: string,
  found: CommandRecord | undefined,
): Promise<CommandAnswer> {
  // A pending record is a claim (a command with server-only work); without one, a run's writes.
  const claimedRun = found !== undefined;
  let record = found;
  for (let attempt = 0; ; attempt++) {
    if (record?.status === 'done' && record.answer) return record.answer as CommandAnswer;
    if (attempt === REPLAY_WAITS) throw new AppError('conflict', 'command.in-progress', { commandId });
    await new Promise((resolve) => setTimeout(resolve, 25));
    record = await s.auth.getCommandRecord(actor.accountId, commandId, s.now());
    // The first run gave up (a conflict or a crash): a retry runs the command afresh.
    if ((claimedRun && !record) || record?.status === 'released')
      throw new AppError('conflict', 'general.conflict', { commandId });
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
