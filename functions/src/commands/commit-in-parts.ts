import { randomUUID } from 'node:crypto';
import { AppError, type CommandDef } from '@roundwise/core';
import {
  type CommandReply,
  TRANSACTION_MAX_ITEMS,
  type TransactItem,
  TransactionRefused,
  transactWrite,
} from '@roundwise/db';
import type { Deps } from '../context.ts';
import { dispatchEffects } from '../effects/queue.ts';
import {
  answerFrom,
  answerOf,
  auditItems,
  type CommandCall,
  execute,
  key,
  linkItems,
  type Run,
  refusalAnswer,
} from './run.ts';

/** How long a run in parts holds its claim without writing before another run may take over. */
export const CLAIM_LEASE_MS = 10_000;
/** Runs of the command before a run in parts gives up on changes that keep meeting others'. */
const MAX_RUNS = 4;

/**
 * A command whose writes do not fit one transaction (a big reorder, a schedule applied to a
 * round's jobs, a cascade): measured in docs/benchmarks.md. It claims the command first (an
 * `applying` record with a lease), then writes its items in transactions of up to 99, each
 * renewing the lease, and ends with the answer record and the outbox items in a last one.
 *
 * Parts are not one transaction, so between them other commands may change an item this run read:
 * that part fails its condition, and the command runs again over the table as it now is (its own
 * earlier parts included) and writes what is still to write. A run that dies part-way leaves the
 * claim; once its lease has run out, a replay of the command takes it over the same way. This is
 * why such commands are written to converge when run again over their own partial writes (a
 * cascade deletes children first, a reorder skips visits already in place). The answer is the
 * last run's, recorded before the reply like any other.
 */
export async function commitInParts(s: Deps, call: CommandCall, def: CommandDef, first: Run) {
  const runId = randomUUID();
  const claim = { ...key(call), runId };
  if (!(await s.records.claim({ ...claim, now: s.now() }, CLAIM_LEASE_MS))) {
    const standing = await s.records.get(call.actor.accountId, call.commandId, s.now());
    if (standing) return answerFrom(standing, call);
    throw new AppError('conflict', 'command.in-progress', { commandId: call.commandId });
  }
  let run = first;
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeParts(s, call, run, runId);
    } catch (error) {
      if (!(error instanceof TransactionRefused)) throw error;
      // The claim's own condition (item 0) failed: another run took over; its answer stands.
      if (error.failedCondition(0)) {
        const standing = await s.records.get(call.actor.accountId, call.commandId, s.now());
        if (standing) return answerFrom(standing, call);
        throw new AppError('conflict', 'command.in-progress', { commandId: call.commandId });
      }
      // The claim stays; its lease runs out and a retry of the command takes it over.
      if (attempt === MAX_RUNS)
        throw new AppError('conflict', 'general.conflict', { commandId: call.commandId });
      run = await execute(s, call, def);
    }
  }
}

async function writeParts(s: Deps, call: CommandCall, run: Run, runId: string): Promise<CommandReply> {
  const claim = { ...key(call), runId };
  let answer: CommandReply;
  let last: TransactItem[] = [];
  if (run.ok) {
    const { items } = run.store.writes();
    const per = TRANSACTION_MAX_ITEMS - 1;
    for (let i = 0; i + per < items.length; i += per) {
      await transactWrite(s.db, [
        s.records.leaseItem({ ...claim, now: s.now() }, CLAIM_LEASE_MS),
        ...items.slice(i, i + per),
      ]);
    }
    answer = answerOf(call, run);
    const rest = items.slice(Math.floor(Math.max(0, items.length - 1) / per) * per);
    // The audit entry describes every part, so it goes in the last one, with the answer.
    last = [
      ...rest,
      ...auditItems(s, call, run.store),
      ...run.effects.map((e) => s.outbox.item(e, s.now())),
      ...linkItems(s, run),
    ];
    if (last.length > per) {
      // The effects go in the last transaction, with the answer: a command asks for a few at most.
      throw new Error(`Too many effects for one command: ${run.effects.length}`);
    }
  } else {
    // A refusal on a run again (the table changed meanwhile): recorded as the answer.
    answer = refusalAnswer(run.error);
  }
  await transactWrite(s.db, [s.records.doneItem({ ...key(call), answer, now: s.now() }, runId), ...last]);
  if (run.ok)
    dispatchEffects(
      s,
      run.effects.map((e) => e.id),
    );
  return answer;
}
