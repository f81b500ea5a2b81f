import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import { type CommandContext, defineCommand } from '../commands/define.ts';
import { Id } from '../entity.ts';
import { notFound, validation } from '../errors.ts';
import { toPence } from '../expenses/schema.ts';
import { FIXED } from './ledgers.ts';
import {
  type BalanceSettings,
  BalanceSettingsFields,
  type JournalEntry,
  JournalEntryFields,
  SETTINGS_ID,
} from './schema.ts';

/** The balance route names no roles; keeping the books (setup, journals) is the Owner's and Admin's. */
const access = { ...routeByName('balance'), roles: ['Owner', 'Admin'] } as const;

export const setupBalance = defineCommand({
  name: 'balance.setup',
  input: BalanceSettingsFields,
  access,
  async run(ctx, fields) {
    const current = await ctx.store.get<BalanceSettings>('balanceSettings', SETTINGS_ID);
    return ctx.store.put<BalanceSettings>('balanceSettings', {
      ...current,
      ...fields,
      _id: SETTINGS_ID,
      setupComplete: true,
    });
  },
});

const fixedIds: ReadonlySet<string> = new Set(Object.values(FIXED).map((l) => l.id));
const sourceOf: Record<string, string> = {
  debtor: 'customer',
  creditor: 'supplier',
  fund: 'paymentAccount',
  overhead: 'expenseCategory',
};

/** A ledger a journal line may name: a fixed one, or one derived from a record that exists. */
async function assertLedger(ctx: CommandContext, ledgerId: string) {
  if (fixedIds.has(ledgerId)) return;
  const [prefix, id] = [ledgerId.slice(0, ledgerId.indexOf(':')), ledgerId.slice(ledgerId.indexOf(':') + 1)];
  const type = sourceOf[prefix];
  if (!type || !id || !(await ctx.store.get(type as never, id))) {
    throw validation('balance.ledger-not-found', { ledgerId });
  }
}

async function assertSetUp(ctx: CommandContext) {
  const settings = await ctx.store.get<BalanceSettings>('balanceSettings', SETTINGS_ID);
  if (!settings?.setupComplete) throw validation('balance.not-set-up');
}

/** A journal entry by hand: at least two lines, each a known ledger, debits equal to credits. */
export const recordJournal = defineCommand({
  name: 'balance.record-journal',
  input: JournalEntryFields.extend({ _id: Id.optional() }),
  access,
  async run(ctx, { _id, ...fields }) {
    const id = _id ?? ctx.newId();
    const existing = await ctx.store.get<JournalEntry>('journalEntry', id);
    if (existing) return existing;
    await assertSetUp(ctx);
    if (fields.lines.some((l) => toPence(l.amount) === 0)) throw validation('balance.line-amount-required');
    const sum = fields.lines.reduce((s, l) => s + toPence(l.amount), 0);
    if (sum !== 0) throw validation('balance.journal-unbalanced', { difference: sum / 100 });
    for (const l of fields.lines) await assertLedger(ctx, l.ledgerId);
    return ctx.store.put<JournalEntry>('journalEntry', {
      ...fields,
      _id: id,
      createdDate: ctx.now.toISOString(),
    });
  },
});

/** Puts a journal right by its mirror image: both stay in the books, naming each other. */
export const reverseJournal = defineCommand({
  name: 'balance.reverse-journal',
  input: z.object({ _id: Id, reversalId: Id.optional(), date: z.string().optional() }),
  access,
  async run(ctx, { _id, reversalId, date }) {
    const entry = await ctx.store.get<JournalEntry>('journalEntry', _id);
    if (!entry || entry.reversalOf) throw notFound('balance.transaction-not-found', { id: _id });
    if (entry.reversedBy) return entry;
    const id = reversalId ?? ctx.newId();
    const reversal = await ctx.store.put<JournalEntry>('journalEntry', {
      _id: id,
      date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : entry.date,
      description: `Reversal: ${entry.description}`.slice(0, 200),
      lines: entry.lines.map((l) => ({ ...l, amount: -l.amount })),
      createdDate: ctx.now.toISOString(),
      reversalOf: entry._id,
    });
    await ctx.store.put<JournalEntry>('journalEntry', { ...entry, reversedBy: id });
    return reversal;
  },
});
