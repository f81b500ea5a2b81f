import { createHash } from 'node:crypto';
import { type Actor, AppError, Banking } from '@roundwise/core';
import { EntityRepository, type OutboxRecord } from '@roundwise/db';
import { runCommand } from '../commands/run-command.ts';
import type { Deps } from '../context.ts';
import { CallLimitReached, ConsentExpired } from './provider.ts';

/** The first import reads this far back (what UK banks give at a new consent); later ones overlap a week. */
const FIRST_DAYS = 90;
const OVERLAP_DAYS = 7;

/** The business imports, as it asked when it connected: an Owner of the account. */
export const actorOf = (
  accountId: string,
  account: {
    level: Actor['level'];
    subscription: Actor['subscription'];
    flags: Actor['flags'];
    settings: Actor['settings'];
  },
): Actor => ({
  userId: 'bank-import',
  email: '',
  accountId,
  roles: ['Owner'],
  level: account.level,
  subscription: account.subscription,
  flags: account.flags,
  developerMode: false,
  settings: account.settings,
});

/**
 * A connected bank's import (`banking.sync`, from the outbox: at connection, on "import now", and
 * every few hours inside the day's calls). It reads each account's balance, booked and pending
 * lines, and imports them with `banking.import` under a command id made from this delivery, so a
 * repeated delivery is answered from the first run's record and a run killed part-way is taken over
 * like any command written in parts. A scheduled import whose moment is no longer the
 * connection's (a manual import or a reconnection planned another) does nothing.
 */
export async function syncBank(s: Deps, effect: OutboxRecord): Promise<void> {
  const { accountId, connectionId, due } = effect.payload as {
    accountId: string;
    connectionId: string;
    due?: string;
  };
  const account = await s.auth.getAccount(accountId);
  const provider = s.bankData;
  if (!account || !provider) return;
  const repo = new EntityRepository(s.db, accountId);
  const c = await repo.get<Banking.BankConnection>('bankConnection', connectionId);
  if (!c || c.status === 'expired' || c.provider !== provider.name) return;
  if (due !== undefined && c.nextSyncAt !== due) return;
  const today = s.now().toISOString().slice(0, 10);
  const from = c.lastImportAt
    ? Banking.addDays(c.lastImportAt.slice(0, 10), -OVERLAP_DAYS)
    : Banking.addDays(today, -FIRST_DAYS);
  const actor = actorOf(accountId, account);
  for (const [i, a] of c.accounts.entries()) {
    const last = i === c.accounts.length - 1;
    const read = await readAccount(provider, c.providerConnectionId, a.providerAccountId, from, today);
    const input = {
      paymentAccountId: a.paymentAccountId,
      source: 'bank',
      stableIds: provider.stableIds,
      lines: read.lines,
      connectionId,
      // A sync is one call of each kind; the provider's refusal means the day's are spent.
      callsUsed: read.limited ? Banking.DAILY_CALLS : last ? 1 : 0,
      balance: read.balance,
      consentExpired: read.expired,
      scheduleNext: last || read.expired,
    };
    const id = `bank-${createHash('sha256').update(`${effect.id}|${i}`).digest('base64url').slice(0, 40)}`;
    const answer = await runCommand(s, actor, 'banking.import', id, input);
    // Still being written by another delivery: fail this one so the outbox tries again later.
    if (answer.status === 409) throw new AppError('conflict', 'command.in-progress', { connectionId });
    if (read.expired) return;
  }
}

async function readAccount(
  provider: NonNullable<Deps['bankData']>,
  connectionId: string,
  accountId: string,
  from: string,
  to: string,
) {
  try {
    const [balance, booked, pending] = await Promise.all([
      provider.balance(connectionId, accountId),
      provider.transactions(connectionId, accountId, from, to),
      provider.pendingTransactions(connectionId, accountId),
    ]);
    const lines = [
      ...booked.map((t) => ({ ...line(t), status: 'booked' as const })),
      ...pending.map((t) => ({ ...line(t), status: 'pending' as const })),
    ];
    return { balance, lines, expired: false, limited: false };
  } catch (error) {
    if (error instanceof ConsentExpired) return { lines: [], expired: true, limited: false };
    if (error instanceof CallLimitReached) return { lines: [], expired: false, limited: true };
    throw error;
  }
}

const line = (t: { id: string; date: string; amount: number; payee: string; description: string }) => ({
  providerId: t.id,
  date: t.date,
  amount: t.amount,
  payee: t.payee.slice(0, 200),
  description: t.description.slice(0, 500),
});
