import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import { defineCommand } from '../commands/define.ts';
import { Id, patchOf } from '../entity.ts';
import { notFound, validation } from '../errors.ts';
import { duplicateOf, type Supplier, SupplierFields } from './schema.ts';

const access = routeByName('suppliers');

function assertUnique(suppliers: readonly Supplier[], name: string, exceptId?: string) {
  if (duplicateOf(suppliers, name, exceptId)) throw validation('supplier.duplicate', { name });
}

export const createSupplier = defineCommand({
  name: 'suppliers.create',
  input: SupplierFields.extend({ _id: Id.optional() }),
  access,
  async run(ctx, { _id, ...fields }) {
    const id = _id ?? ctx.newId();
    const existing = await ctx.store.get<Supplier>('supplier', id);
    if (existing) return existing;
    assertUnique(await ctx.store.list<Supplier>('supplier'), fields.name);
    return ctx.store.put<Supplier>('supplier', { ...fields, _id: id });
  },
});

export const updateSupplier = defineCommand({
  name: 'suppliers.update',
  input: z.object({ _id: Id, changes: patchOf(SupplierFields) }),
  access,
  async run(ctx, { _id, changes }) {
    const suppliers = await ctx.store.list<Supplier>('supplier');
    const current = suppliers.find((s) => s._id === _id);
    if (!current) throw notFound('supplier.not-found', { id: _id });
    if (changes.name !== undefined) assertUnique(suppliers, changes.name, _id);
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    return ctx.store.put<Supplier>('supplier', { ...current, ...defined });
  },
});

/**
 * Removes a supplier. Its expenses stay (the books never lose a record that moved money); they
 * keep its id and the balance names the ledger "removed supplier".
 */
export const deleteSupplier = defineCommand({
  name: 'suppliers.delete',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    const current = await ctx.store.get<Supplier>('supplier', _id);
    if (!current) throw notFound('supplier.not-found', { id: _id });
    await ctx.store.remove('supplier', _id);
    return { deleted: _id };
  },
});
