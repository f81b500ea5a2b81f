import { randomBytes } from 'node:crypto';
import {
  type Actor,
  AppError,
  type CommandContext,
  type CommandDef,
  type Effect,
  executeCommand,
  isAppError,
  issuedAtOf,
  statusOf,
} from '@roundwise/core';
import {
  type CommandRecord,
  type CommandReply,
  DynamoStore,
  EntityRepository,
  type OutboxEffect,
  type PublicLink,
  PublicLinks,
  type TransactItem,
} from '@roundwise/db';
import { entryOfCommand } from '../audit/entry-of-command.ts';
import type { Deps } from '../context.ts';
import { commandIds } from './command-ids.ts';

/** Who runs a command, and under which id. */
export interface CommandCall {
  actor: Actor;
  name: string;
  commandId: string;
  input: unknown;
}

/** One execution of a command against the table: its outcome, its unit of work, its effects. */
export type Run =
  | { ok: true; result: unknown; store: DynamoStore; effects: OutboxEffect[]; links: PublicLink[] }
  | { ok: false; error: unknown };

/** Runs the command's code on a fresh unit of work (reads only; nothing is written here). */
export async function execute(s: Deps, call: CommandCall, def: CommandDef): Promise<Run> {
  const store = new DynamoStore(new EntityRepository(s.db, call.actor.accountId), s.now);
  const emitted: Effect[] = [];
  const links: PublicLink[] = [];
  const ctx: CommandContext = {
    store,
    actor: call.actor,
    now: s.now(),
    issuedAt: issuedAtOf(call.commandId),
    newId: commandIds(call.commandId),
    authoritative: true,
    emit: (e) => {
      if (!s.handlesEffect(e.type)) throw new Error(`No handler registered for effect ${e.type}`);
      emitted.push(e);
    },
    publicLink: (kind, recordId) => {
      const token = randomBytes(16).toString('base64url');
      links.push({ token, accountId: call.actor.accountId, kind, recordId });
      return token;
    },
  };
  try {
    const result = await executeCommand(def as never, ctx, call.input);
    // Ids derive from the command, so every run of it names its effects alike.
    const effects = emitted.map((e, i) => ({
      id: `cmd-${call.actor.accountId}-${call.commandId}-${i}`,
      kind: e.type,
      payload: e.payload,
      ...(e.dueAt ? { dueAt: e.dueAt } : {}),
    }));
    return { ok: true, result, store, effects, links };
  } catch (error) {
    return { ok: false, error };
  }
}

export const key = (call: CommandCall) => ({
  accountId: call.actor.accountId,
  commandId: call.commandId,
  userId: call.actor.userId,
});

/** The public links a run issued, as the items its commit carries (docs/public-links.md). */
export const linkItems = (s: Deps, run: Run & { ok: true }): TransactItem[] =>
  run.links.map((link) => new PublicLinks(s.db).item(link));

/** The audit entry of a run's writes, as the item its commit carries (none when nothing changed). */
export function auditItems(s: Deps, call: CommandCall, store: DynamoStore): TransactItem[] {
  const audited = entryOfCommand(call, store, s.now());
  return audited ? [s.audit.item(call.actor.accountId, audited.entry, audited.removed)] : [];
}

export function answerOf(call: CommandCall, run: Run & { ok: true }): CommandReply {
  return {
    status: 200,
    body: { commandId: call.commandId, result: run.result, changes: run.store.writes().changes },
  };
}

/**
 * A refusal (a validation, access or not-found error) is the command's answer, recorded like any
 * other (`refuse` in run-command.ts). Other errors (a conflict, the table unavailable) are thrown
 * and recorded nowhere: the client retries.
 */
export function refusalAnswer(error: unknown): CommandReply {
  if (!isAppError(error) || error.kind === 'conflict' || error.kind === 'unavailable') throw error;
  return { status: statusOf(error), body: { code: error.code, params: error.params } };
}

/**
 * The answer a record gives: only to the user who ran the command (a commandId is the caller's;
 * another user's is refused, and their refusal is never recorded over it). A run in parts still
 * under way, or an answer too large to keep, is `command.in-progress` (the client retries).
 */
export function answerFrom(record: CommandRecord, call: CommandCall): CommandReply {
  if (record.userId !== call.actor.userId) {
    throw new AppError('forbidden', 'command.not-yours', { commandId: call.commandId });
  }
  if (record.status === 'done' && record.answer) return record.answer;
  throw new AppError('conflict', 'command.in-progress', { commandId: call.commandId });
}
