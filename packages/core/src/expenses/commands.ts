import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import { type CommandContext, defineCommand } from '../commands/define.ts';
import { Id, patchOf } from '../entity.ts';
import { notFound, validation } from '../errors.ts';
import { type Expense, ExpenseFields, expenseVatPence, fromPence, toPence } from './schema.ts';

const access = routeByName('expenses');

type Fields = z.infer<typeof ExpenseFields>;

/**
 * The rules across fields, and the records an expense names: VAT is worked out from the rate when
 * no amount is given, and never more than the gross; the supplier, category and payment account
 * must exist (a device offline may hold a stale list: the server's answer decides).
 */
async function checked(ctx: CommandContext, fields: Fields): Promise<Fields> {
  const vatPence = expenseVatPence(fields);
  if (vatPence > toPence(fields.amount)) throw validation('expenses.vat-more-than-amount');
  const refs: [string, string | undefined, string][] = [
    ['supplier', fields.supplierId, 'supplier.not-found'],
    ['expenseCategory', fields.expenseCategoryId, 'expense-category.not-found'],
    ['paymentAccount', fields.paymentAccountId, 'payments.account-not-found'],
  ];
  for (const [type, id, code] of refs) {
    if (id && !(await ctx.store.get(type as never, id))) throw notFound(code, { id });
  }
  return { ...fields, vatAmount: fromPence(vatPence) };
}

export const createExpense = defineCommand({
  name: 'expenses.create',
  input: ExpenseFields.extend({ _id: Id.optional() }),
  access,
  async run(ctx, { _id, ...input }) {
    const id = _id ?? ctx.newId();
    // The device makes the id once: a second send of one expense records it once.
    const existing = await ctx.store.get<Expense>('expense', id);
    if (existing) return existing;
    const fields = await checked(ctx, input);
    return ctx.store.put<Expense>('expense', { ...fields, _id: id, createdDate: ctx.now.toISOString() });
  },
});

export const updateExpense = defineCommand({
  name: 'expenses.update',
  input: z.object({ _id: Id, changes: patchOf(ExpenseFields) }),
  access,
  async run(ctx, { _id, changes }) {
    const current = await ctx.store.get<Expense>('expense', _id);
    if (!current) throw notFound('expenses.not-found', { id: _id });
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    // A new rate without an amount works the VAT out again from the rate.
    const merged = { ...current, ...defined } as Expense;
    // A VAT amount given alone is the receipt's own figure: the old rate no longer applies.
    if (changes.vatAmount !== undefined && changes.vatRate === undefined) delete merged.vatRate;
    if (changes.vatRate !== undefined && changes.vatAmount === undefined) merged.vatAmount = 0;
    if (changes.amount !== undefined && changes.vatAmount === undefined && merged.vatRate)
      merged.vatAmount = 0;
    const { _id: _, createdDate, ...fields } = merged;
    return ctx.store.put<Expense>('expense', { ...(await checked(ctx, fields)), _id, createdDate });
  },
});

export const deleteExpense = defineCommand({
  name: 'expenses.delete',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    const current = await ctx.store.get<Expense>('expense', _id);
    if (!current) throw notFound('expenses.not-found', { id: _id });
    await ctx.store.remove('expense', _id);
    return { deleted: _id };
  },
});
