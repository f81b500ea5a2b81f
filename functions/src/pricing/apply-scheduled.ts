import { type Actor, AppError } from '@roundwise/core';
import type { OutboxRecord } from '@roundwise/db';
import { runCommand } from '../commands/run-command.ts';
import type { Deps } from '../context.ts';

/**
 * A price change's Apply on its planned date (`pricing.apply-scheduled`, due then in the outbox).
 * It runs `pricing.apply` with the schedule's moment as `due`, under a command id of its own
 * (change and moment), so a repeated delivery is answered from the first run's record, and a run
 * killed part-way is taken over by the next delivery like any command written in parts. A
 * schedule cancelled or moved since no longer matches `due`: the command changes nothing.
 */
export async function applyScheduled(s: Deps, effect: OutboxRecord): Promise<void> {
  const { accountId, changeId, due } = effect.payload as { accountId: string; changeId: string; due: number };
  const account = await s.auth.getAccount(accountId);
  if (!account) return;
  // The business applies it, as it asked when it scheduled: an Owner of the account.
  const actor: Actor = {
    userId: 'pricing-schedule',
    email: '',
    accountId,
    roles: ['Owner'],
    level: account.level,
    subscription: account.subscription,
    flags: account.flags,
    developerMode: false,
    settings: account.settings,
  };
  const answer = await runCommand(s, actor, 'pricing.apply', `pricing-${changeId}-${due}`, {
    _id: changeId,
    due,
  });
  // Still being written by another delivery: fail this one so the outbox tries again later.
  if (answer.status === 409) throw new AppError('conflict', 'command.in-progress', { changeId });
}
