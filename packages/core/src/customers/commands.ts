import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import { defineCommand } from '../commands/define.ts';
import { applyEdits } from '../conflicts/apply-edits.ts';
import { EditBase } from '../conflicts/schema.ts';
import { Id, patchOf } from '../entity.ts';
import { notFound } from '../errors.ts';
import type { Job } from '../jobs/schema.ts';
import { forgetCustomerInCampaigns } from '../send/cascades.ts';
import type { VisitRecord } from '../visits/record.ts';
import { type Customer, CustomerFields } from './schema.ts';

const access = routeByName('customers');

export const createCustomer = defineCommand({
  name: 'customers.create',
  input: CustomerFields.extend({ _id: Id.optional() }),
  access,
  async run(ctx, input) {
    const { _id, ...fields } = input;
    return ctx.store.put<Customer>('customer', {
      ...fields,
      _id: _id ?? ctx.newId(),
      createdDate: ctx.now.toISOString(),
      createdOnPortal: false,
    });
  },
});

/**
 * Changes the fields in `changes`; `base` is what the editor saw of them, so an edit that meets
 * someone else's concurrent one is settled field by field (`applyEdits`: notes merge by lines,
 * otherwise the later edit wins and the other person is told).
 */
export const updateCustomer = defineCommand({
  name: 'customers.update',
  input: z.object({ _id: Id, changes: patchOf(CustomerFields), base: EditBase }),
  access,
  async run(ctx, { _id, changes, base }) {
    const current = await ctx.store.get<Customer>('customer', _id);
    if (!current) throw notFound('customers.not-found', { id: _id });
    const target = { type: 'customer', id: _id, customerId: _id } as const;
    const { values, edits } = await applyEdits(ctx, target, current, changes, base);
    if (Object.keys(values).length === 0) return current;
    return ctx.store.put<Customer>('customer', { ...current, ...values, _edits: edits });
  },
});

/** Deleting a customer deletes their jobs and those jobs' stored visits (the cascade). */
export const deleteCustomer = defineCommand({
  name: 'customers.delete',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    const current = await ctx.store.get<Customer>('customer', _id);
    if (!current) throw notFound('customers.not-found', { id: _id });
    const jobs = await ctx.store.listBy<Job>('job', _id);
    const visitRecords = (
      await Promise.all(jobs.map((j) => ctx.store.listBy<VisitRecord>('visit', j._id)))
    ).flat();
    for (const o of visitRecords) await ctx.store.remove('visit', o._id);
    for (const j of jobs) await ctx.store.remove('job', j._id);
    await forgetCustomerInCampaigns(ctx.store, _id);
    await ctx.store.remove('customer', _id);
    return { deleted: { customers: 1, jobs: jobs.length, visitRecords: visitRecords.length } };
  },
});
