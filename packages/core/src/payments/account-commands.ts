import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import { defineCommand } from '../commands/define.ts';
import { Id, patchOf } from '../entity.ts';
import { notFound, validation } from '../errors.ts';
import { type PaymentAccount, PaymentAccountFields, sameAccountName } from './account-schema.ts';

/** Payment accounts are the business's books: the payments route, changed by Owner and Admin. */
const access = { ...routeByName('payments'), roles: ['Owner', 'Admin'] } as const;

function assertUniqueName(accounts: PaymentAccount[], name: string, exceptId?: string) {
  if (accounts.some((a) => a._id !== exceptId && sameAccountName(a.name, name))) {
    throw validation('payments.account-name-taken', { name });
  }
}

export const createPaymentAccount = defineCommand({
  name: 'payments.create-account',
  input: PaymentAccountFields.extend({ _id: Id.optional() }),
  access,
  async run(ctx, { _id, ...fields }) {
    const id = _id ?? ctx.newId();
    const accounts = await ctx.store.list<PaymentAccount>('paymentAccount');
    // The same create sent again (offline replay with its own id): one account.
    const existing = accounts.find((a) => a._id === id);
    if (existing) return existing;
    assertUniqueName(accounts, fields.name);
    return ctx.store.put<PaymentAccount>('paymentAccount', { ...fields, _id: id });
  },
});

export const updatePaymentAccount = defineCommand({
  name: 'payments.update-account',
  input: z.object({ _id: Id, changes: patchOf(PaymentAccountFields) }),
  access,
  async run(ctx, { _id, changes }) {
    const accounts = await ctx.store.list<PaymentAccount>('paymentAccount');
    const current = accounts.find((a) => a._id === _id);
    if (!current) throw notFound('payments.account-not-found', { id: _id });
    if (changes.name !== undefined) assertUniqueName(accounts, changes.name, _id);
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    return ctx.store.put<PaymentAccount>('paymentAccount', { ...current, ...defined });
  },
});

/**
 * Deletes a payment account. The payments paid into it are the books and are not rewritten: they
 * keep its id, show under "All payments" and no longer under an account of their own.
 */
export const deletePaymentAccount = defineCommand({
  name: 'payments.delete-account',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    const current = await ctx.store.get<PaymentAccount>('paymentAccount', _id);
    if (!current) throw notFound('payments.account-not-found', { id: _id });
    await ctx.store.remove('paymentAccount', _id);
    return { deleted: _id };
  },
});
