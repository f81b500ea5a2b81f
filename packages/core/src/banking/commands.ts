import { z } from 'zod';
import { atLeast } from '../access/model.ts';
import { routeByName } from '../access/routes.ts';
import { recordJournal } from '../balance/commands.ts';
import { type CommandContext, defineCommand } from '../commands/define.ts';
import { Id } from '../entity.ts';
import { notFound, validation } from '../errors.ts';
import { createExpense } from '../expenses/commands.ts';
import type { Expense } from '../expenses/schema.ts';
import type { PaymentAccount } from '../payments/account-schema.ts';
import { recordPayment } from '../payments/commands.ts';
import type { Transaction } from '../payments/schema.ts';
import { mergeImport } from './dedup.ts';
import {
  addDays,
  type BankConnection,
  type BankLine,
  BankProvider,
  CONSENT_DAYS,
  IncomingLine,
  LineMatch,
  LineSource,
  toPence,
} from './schema.ts';

/** The effect that reads a connected bank's new lines (`functions/src/banking/sync.ts`). */
export const SYNC = 'banking.sync';
/** The calls a provider allows a day for each account and kind of data (GoCardless, TrueLayer: 4). */
export const DAILY_CALLS = 4;

const connectAccess = routeByName('connected-service');
const access = routeByName('import-transactions');

const day = (ctx: CommandContext) => ctx.now.toISOString().slice(0, 10);
/** Calls spent today: the count resets with the day. */
export const callsToday = (c: Pick<BankConnection, 'callsDay' | 'callsUsed'>, today: string) =>
  c.callsDay === today ? c.callsUsed : 0;
/**
 * The next import inside the day's calls: spread evenly (every 6 hours for 4); once the day's calls
 * are spent (the provider said so), the next day.
 */
export function nextSyncAt(now: Date, spent: boolean): string {
  if (!spent) return new Date(now.getTime() + (24 * 3_600_000) / DAILY_CALLS).toISOString();
  const next = new Date(now);
  next.setUTCHours(24, 5, 0, 0);
  return next.toISOString();
}

/**
 * A bank connected (or reconfirmed) after its consent page: the server runs it with what the
 * provider said. Each account feeds a payment account of the books (made here, type bank), so its
 * lines post to that fund. A second bank needs Ultimate (spec 000 section 6, the extra-bank panel).
 */
export const connect = defineCommand({
  name: 'banking.connect',
  input: z.object({
    provider: BankProvider,
    providerConnectionId: z.string().min(1).max(2000),
    institutionId: z.string().min(1).max(200),
    institutionName: z.string().min(1).max(200),
    accounts: z
      .array(z.object({ providerAccountId: z.string().min(1).max(200), name: z.string().min(1).max(100) }))
      .min(1)
      .max(20),
  }),
  access: connectAccess,
  async run(ctx, input) {
    const connections = await ctx.store.list<BankConnection>('bankConnection');
    const same = connections.find(
      (c) => c.provider === input.provider && c.institutionId === input.institutionId,
    );
    if (!same && connections.length > 0 && !atLeast(ctx.actor.level, 'Ultimate')) {
      throw validation('connected-services.further-bank-ultimate');
    }
    const funds = await ctx.store.list<PaymentAccount>('paymentAccount');
    const accounts = [];
    for (const a of input.accounts) {
      const held = same?.accounts.find((x) => x.providerAccountId === a.providerAccountId);
      const name = `${input.institutionName} ${a.name}`.slice(0, 100);
      let fundId = held?.paymentAccountId ?? funds.find((f) => f.name === name)?._id;
      if (!fundId || !(await ctx.store.get('paymentAccount', fundId))) {
        fundId = ctx.newId();
        await ctx.store.put<PaymentAccount>('paymentAccount', { _id: fundId, name, subType: 'bank' });
      }
      accounts.push({
        ...held,
        providerAccountId: a.providerAccountId,
        name: a.name,
        paymentAccountId: fundId,
      });
    }
    const now = ctx.now.toISOString();
    const saved = await ctx.store.put<BankConnection>('bankConnection', {
      callsUsed: 0,
      ...same,
      _id: same?._id ?? ctx.newId(),
      provider: input.provider,
      providerConnectionId: input.providerConnectionId,
      institutionId: input.institutionId,
      institutionName: input.institutionName,
      consentGrantedAt: now,
      consentExpiresAt: addDays(now.slice(0, 10), CONSENT_DAYS),
      status: 'active',
      accounts,
      createdDate: same?.createdDate ?? now,
    });
    ctx.emit({ type: SYNC, payload: { accountId: ctx.actor.accountId, connectionId: saved._id } });
    return saved;
  },
});

/** Forgets a connection; its lines and payment accounts stay in the books. */
export const disconnect = defineCommand({
  name: 'banking.disconnect',
  input: z.object({ _id: Id }),
  access: connectAccess,
  async run(ctx, { _id }) {
    if (!(await ctx.store.get('bankConnection', _id)))
      throw notFound('banking.connection-not-found', { id: _id });
    await ctx.store.remove('bankConnection', _id);
    return { deleted: _id };
  },
});

/** Asks for an import now, inside the day's calls and the consent's 90 days. */
export const syncNow = defineCommand({
  name: 'banking.sync-now',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    const c = await loadConnection(ctx, _id);
    if (callsToday(c, day(ctx)) >= DAILY_CALLS)
      throw validation('banking.call-limit-reached', { limit: DAILY_CALLS });
    ctx.emit({ type: SYNC, payload: { accountId: ctx.actor.accountId, connectionId: _id, now: true } });
    return { requested: true };
  },
});

/**
 * Imports statement lines into one payment account, each held once (`mergeImport`). From the bank
 * (the sync effect: `connectionId` set) it also counts the calls spent, keeps the balances, marks
 * a consent the bank refused as expired, and plans the next import inside the day's calls. Ten
 * thousand lines are more than one transaction: the server writes them in parts, and a run taken
 * over after a crash merges again over its own writes, so no line is held twice.
 */
export const importLines = defineCommand({
  name: 'banking.import',
  input: z.object({
    paymentAccountId: Id,
    source: LineSource,
    stableIds: z.boolean().default(false),
    lines: z.array(IncomingLine).max(20_000, 'banking.too-many-lines'),
    connectionId: Id.optional(),
    callsUsed: z.number().int().min(0).max(100).default(0),
    balance: z.number().finite().optional(),
    consentExpired: z.boolean().default(false),
    /** The last account of a sync: plans the connection's next import. */
    scheduleNext: z.boolean().default(false),
  }),
  access,
  async run(ctx, input) {
    if (!(await ctx.store.get('paymentAccount', input.paymentAccountId))) {
      throw notFound('payments.account-not-found', { id: input.paymentAccountId });
    }
    const held = await ctx.store.listBy<BankLine>('bankLine', input.paymentAccountId);
    const now = ctx.now.toISOString();
    const merged = mergeImport(held, input.lines, {
      paymentAccountId: input.paymentAccountId,
      source: input.source,
      stableIds: input.stableIds,
      now,
    });
    if (input.connectionId) await recordSync(ctx, input.connectionId, input);
    for (const line of [...merged.added, ...merged.replaced]) await ctx.store.put<BankLine>('bankLine', line);
    return { added: merged.added.length, replaced: merged.replaced.length, skipped: merged.skipped };
  },
});

async function recordSync(
  ctx: CommandContext,
  connectionId: string,
  input: {
    paymentAccountId: string;
    callsUsed: number;
    balance?: number;
    consentExpired: boolean;
    scheduleNext: boolean;
  },
) {
  const c = await ctx.store.get<BankConnection>('bankConnection', connectionId);
  if (!c) return;
  const today = day(ctx);
  const now = ctx.now.toISOString();
  const expired = input.consentExpired || c.consentExpiresAt <= today;
  const used = callsToday(c, today) + input.callsUsed;
  // The next import, unless the consent has run out (the user reconfirms, which imports at once).
  const next = input.scheduleNext && !expired ? nextSyncAt(ctx.now, used >= DAILY_CALLS) : undefined;
  await ctx.store.put<BankConnection>('bankConnection', {
    ...c,
    status: expired ? 'expired' : 'active',
    callsDay: today,
    callsUsed: used,
    lastImportAt: now,
    ...(input.scheduleNext ? { nextSyncAt: next } : {}),
    accounts: c.accounts.map((a) =>
      a.paymentAccountId === input.paymentAccountId && input.balance !== undefined
        ? { ...a, balance: input.balance, balanceAt: now }
        : a,
    ),
  });
  if (next) {
    ctx.emit({
      type: SYNC,
      payload: { accountId: ctx.actor.accountId, connectionId, due: next },
      dueAt: next,
    });
  }
}

/**
 * Confirms what a line is: payments already recorded (one, or a provider's payout of several, now
 * known to have reached this account), an open invoice (paid by this transfer: a payment recorded),
 * an expense (paid from this account) or a journal entry. Each record is one line's only.
 */
export const reconcile = defineCommand({
  name: 'banking.reconcile',
  input: z.object({ _id: Id, match: LineMatch, paymentId: Id.optional() }),
  access,
  async run(ctx, { _id, match, paymentId }) {
    const line = await loadLine(ctx, _id);
    if (line.match) throw validation('banking.line-reconciled');
    await assertFree(ctx, line, match.ids);
    if (match.kind === 'payments') {
      const payments: Transaction[] = [];
      for (const id of match.ids) {
        const t = await ctx.store.get<Transaction>('transaction', id);
        if (!t || t.transactionType === 'Invoice') throw notFound('payments.no-payment-found', { id });
        payments.push(t);
      }
      const difference = toPence(line.amount) + payments.reduce((s, t) => s + toPence(t.amount), 0);
      if (difference !== 0)
        throw validation('banking.match-amount-differs', { difference: difference / 100 });
      // The payout reached this account: its payments are in this fund, no longer in transit.
      for (const t of payments) {
        await ctx.store.put<Transaction>('transaction', { ...t, paymentAccountId: line.paymentAccountId });
      }
    } else if (match.kind === 'invoice') {
      const invoice = await ctx.store.get<Transaction>('transaction', match.ids[0] ?? '');
      if (!invoice?.customerId || invoice.transactionType !== 'Invoice')
        throw notFound('balance.transaction-not-found');
      const payment = await recordPayment.run(ctx, {
        _id: paymentId ?? `${line._id}-pay`,
        customerId: invoice.customerId,
        amount: line.amount,
        method: 'bank-transfer',
        date: line.date,
        description: line.payee || undefined,
        invoiceIds: [invoice._id],
        paymentAccountId: line.paymentAccountId,
      });
      return ctx.store.put<BankLine>('bankLine', {
        ...line,
        match: { kind: 'payments', ids: [payment._id] },
      });
    } else if (match.kind === 'expense') {
      const e = await ctx.store.get<Expense>('expense', match.ids[0] ?? '');
      if (!e) throw notFound('expenses.not-found', { id: match.ids[0] });
      if (Math.round(e.amount * 100) !== -Math.round(line.amount * 100))
        throw validation('banking.match-amount-differs', { difference: 0 });
      await ctx.store.put<Expense>('expense', { ...e, paymentAccountId: line.paymentAccountId });
    } else if (!(await ctx.store.get('journalEntry', match.ids[0] ?? ''))) {
      throw notFound('balance.transaction-not-found');
    }
    return ctx.store.put<BankLine>('bankLine', { ...line, match });
  },
});

/** An unmatched payment out becomes an expense of this account in one step (and teaches its payee). */
export const toExpense = defineCommand({
  name: 'banking.to-expense',
  input: z.object({
    _id: Id,
    expenseId: Id.optional(),
    supplierId: Id.optional(),
    expenseCategoryId: Id.optional(),
    vatRate: z.number().min(0).max(100).optional(),
  }),
  access,
  async run(ctx, input) {
    const line = await loadLine(ctx, input._id);
    if (line.match) throw validation('banking.line-reconciled');
    if (line.amount >= 0) throw validation('banking.expense-money-out');
    const expense = await createExpense.run(ctx, {
      _id: input.expenseId ?? `${line._id}-exp`,
      date: line.date,
      supplierId: input.supplierId,
      expenseCategoryId: input.expenseCategoryId,
      amount: -line.amount,
      vatRate: input.vatRate,
      vatAmount: 0,
      vatReclaimable: true,
      paymentAccountId: line.paymentAccountId,
      attachmentIds: [],
      notes: (line.payee || line.description).slice(0, 255),
    });
    return ctx.store.put<BankLine>('bankLine', { ...line, match: { kind: 'expense', ids: [expense._id] } });
  },
});

/** Any unmatched line becomes a journal entry between its account's fund and a chosen ledger. */
export const toJournal = defineCommand({
  name: 'banking.to-journal',
  input: z.object({ _id: Id, journalId: Id.optional(), ledgerId: z.string().min(1).max(200) }),
  access,
  async run(ctx, input) {
    const line = await loadLine(ctx, input._id);
    if (line.match) throw validation('banking.line-reconciled');
    const journal = await recordJournal.run(ctx, {
      _id: input.journalId ?? `${line._id}-jnl`,
      date: line.date,
      description: (line.payee || line.description || 'Bank line').slice(0, 200),
      lines: [
        { ledgerId: `fund:${line.paymentAccountId}`, amount: line.amount },
        { ledgerId: input.ledgerId, amount: -line.amount },
      ],
    });
    return ctx.store.put<BankLine>('bankLine', { ...line, match: { kind: 'journal', ids: [journal._id] } });
  },
});

async function loadConnection(ctx: CommandContext, id: string) {
  const c = await ctx.store.get<BankConnection>('bankConnection', id);
  if (!c) throw notFound('banking.connection-not-found', { id });
  if (c.status === 'expired') throw validation('banking.reconsent-required');
  return c;
}

async function loadLine(ctx: CommandContext, id: string) {
  const line = await ctx.store.get<BankLine>('bankLine', id);
  if (!line) throw notFound('banking.line-not-found', { id });
  return line;
}

/** A record reconciled with one line is not offered to another. */
async function assertFree(ctx: CommandContext, line: BankLine, ids: readonly string[]) {
  const lines = await ctx.store.listBy<BankLine>('bankLine', line.paymentAccountId);
  const taken = new Set(lines.flatMap((l) => l.match?.ids ?? []));
  const used = ids.find((id) => taken.has(id));
  if (used) throw validation('banking.record-reconciled', { id: used });
}
