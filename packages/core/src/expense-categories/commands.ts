import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import { defineCommand } from '../commands/define.ts';
import { Id, patchOf } from '../entity.ts';
import { notFound, validation } from '../errors.ts';
import { type ExpenseCategory, ExpenseCategoryFields, sameCategoryName } from './schema.ts';

const access = routeByName('expense-categories');

function assertUnique(categories: readonly ExpenseCategory[], name: string, exceptId?: string) {
  if (categories.some((c) => c._id !== exceptId && sameCategoryName(c.description, name))) {
    throw validation('expense-category.duplicate', { name });
  }
}

export const createCategory = defineCommand({
  name: 'expense-categories.create',
  input: ExpenseCategoryFields.extend({ _id: Id.optional() }),
  access,
  async run(ctx, { _id, ...fields }) {
    const id = _id ?? ctx.newId();
    const existing = await ctx.store.get<ExpenseCategory>('expenseCategory', id);
    if (existing) return existing;
    assertUnique(await ctx.store.list<ExpenseCategory>('expenseCategory'), fields.description);
    return ctx.store.put<ExpenseCategory>('expenseCategory', { ...fields, _id: id });
  },
});

export const updateCategory = defineCommand({
  name: 'expense-categories.update',
  input: z.object({ _id: Id, changes: patchOf(ExpenseCategoryFields) }),
  access,
  async run(ctx, { _id, changes }) {
    const categories = await ctx.store.list<ExpenseCategory>('expenseCategory');
    const current = categories.find((c) => c._id === _id);
    if (!current) throw notFound('expense-category.not-found', { id: _id });
    if (changes.description !== undefined) assertUnique(categories, changes.description, _id);
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    return ctx.store.put<ExpenseCategory>('expenseCategory', { ...current, ...defined });
  },
});

/** Removes a category; its expenses stay and post to uncategorised overheads from then on. */
export const deleteCategory = defineCommand({
  name: 'expense-categories.delete',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    const current = await ctx.store.get<ExpenseCategory>('expenseCategory', _id);
    if (!current) throw notFound('expense-category.not-found', { id: _id });
    await ctx.store.remove('expenseCategory', _id);
    return { deleted: _id };
  },
});
