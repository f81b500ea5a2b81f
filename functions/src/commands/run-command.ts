import { type Actor, AppError, type CommandDef, isAppError, loadCommand } from '@roundwise/core';
import { type CommandReply, TRANSACTION_MAX_ITEMS, TransactionRefused } from '@roundwise/db';
import type { Deps } from '../context.ts';
import { dispatchEffects } from '../effects/queue.ts';
import { commitInParts } from './commit-in-parts.ts';
import {
  answerFrom,
  answerOf,
  auditItems,
  type CommandCall,
  execute,
  key,
  linkItems,
  refusalAnswer,
} from './run.ts';

export type { CommandReply } from '@roundwise/db';

/** Runs of a command whose commit meets another write before it answers `general.conflict`. */
const MAX_RUNS = 4;

/**
 * Runs a command once per `commandId` (docs/architecture.md, "Commands"). The command's writes,
 * its answer record and its effects' outbox items are committed in ONE transaction, the record
 * on condition that none is there yet; so the answer is durable before the reply, and of two
 * runs of one commandId only one commits: the other's transaction fails and it answers with the
 * record the first wrote. A replay reads the record (beside the command's first reads) and
 * answers from it, to the same user only. A refusal is recorded the same way, where no record is.
 * A command too large for one transaction writes in parts under a claim (`commit-in-parts.ts`).
 * A commit that meets another write to what the command read runs the command again on fresh
 * reads, up to `MAX_RUNS` times, before it answers `general.conflict`.
 */
export async function runCommand(
  s: Deps,
  actor: Actor,
  name: string,
  commandId: string,
  input: unknown,
): Promise<CommandReply> {
  const def = await loadCommand(name);
  if (!def) throw new AppError('not-found', 'command.unknown', { name });
  return runDefinedCommand(s, actor, def, commandId, input);
}

/** `runCommand` for a definition in hand (the crash tests' own command, which no area lists). */
export async function runDefinedCommand(
  s: Deps,
  actor: Actor,
  def: CommandDef,
  commandId: string,
  input: unknown,
): Promise<CommandReply> {
  const call: CommandCall = { actor, name: def.name, commandId, input };
  const [record, first] = await Promise.all([
    s.records.get(actor.accountId, commandId, s.now()),
    execute(s, call, def),
  ]);
  if (record?.status === 'done' || (record?.status === 'applying' && record.leaseUntil > s.now().getTime())) {
    return answerFrom(record, call);
  }
  // An applying record is a run in parts that stopped: this run takes it over.
  if (record) return commitInParts(s, call, def, first);
  let run = first;
  for (let attempt = 1; ; attempt++) {
    if (!run.ok) return refuse(s, call, run.error);
    // The record, the audit entry and the effects go with the writes.
    if (run.store.writes().items.length + run.effects.length + run.links.length + 2 > TRANSACTION_MAX_ITEMS) {
      return commitInParts(s, call, def, run);
    }
    const answer = answerOf(call, run);
    try {
      await run.store.commit([
        s.records.doneItem({ ...key(call), answer, now: s.now() }),
        ...auditItems(s, call, run.store),
        ...run.effects.map((e) => s.outbox.item(e, s.now())),
        ...linkItems(s, run),
      ]);
    } catch (error) {
      // A failed condition: most often a duplicate of this command committed first.
      if (error instanceof TransactionRefused || (isAppError(error) && error.code === 'general.conflict')) {
        const standing = await recordAfterConflict(s, call);
        if (standing) return answerFrom(standing, call);
      }
      // Another write (a system effect, another user) changed what this run read: run it again
      // on fresh reads, so the user sees a conflict only when the record keeps changing.
      if (isAppError(error) && error.code === 'general.conflict' && attempt < MAX_RUNS) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
        run = await execute(s, call, def);
        continue;
      }
      throw error;
    }
    dispatchEffects(
      s,
      run.effects.map((e) => e.id),
    );
    return answer;
  }
}

async function refuse(s: Deps, call: CommandCall, error: unknown): Promise<CommandReply> {
  const answer = refusalAnswer(error);
  return answerFrom(await s.records.recordRefusal({ ...key(call), answer, now: s.now() }), call);
}

/**
 * After a refused commit: the record a duplicate committed, if any. A duplicate whose transaction
 * was still under way when ours met it may need a moment to land.
 */
async function recordAfterConflict(s: Deps, call: CommandCall) {
  for (let attempt = 0; attempt < 2; attempt++) {
    const found = await s.records.get(call.actor.accountId, call.commandId, s.now());
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return undefined;
}
