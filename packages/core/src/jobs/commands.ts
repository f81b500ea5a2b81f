import { z } from 'zod';
import { defineCommand } from '../commands/define.ts';
import type { Customer } from '../customers/schema.ts';
import { Id, patchOf } from '../entity.ts';
import { notFound } from '../errors.ts';
import { type Job, JobFields } from './schema.ts';

/** Adding jobs: Owner, Admin, Creator, JobEditor (spec 000 section 6). */
const access = { minLevel: 'Core', roles: ['Owner', 'Admin', 'Creator', 'JobEditor'] } as const;

export const createJob = defineCommand({
  name: 'jobs.create',
  input: JobFields.extend({ _id: Id.optional() }),
  access,
  async run(ctx, input) {
    const customer = await ctx.store.get<Customer>('customer', input.customerId);
    if (!customer) throw notFound('customers.not-found', { id: input.customerId });
    const { _id, ...fields } = input;
    return ctx.store.put<Job>('job', {
      ...fields,
      _id: _id ?? ctx.newId(),
      createdDate: ctx.now.toISOString(),
    });
  },
});

export const updateJob = defineCommand({
  name: 'jobs.update',
  input: z.object({ _id: Id, changes: patchOf(JobFields.omit({ customerId: true })) }),
  access,
  async run(ctx, { _id, changes }) {
    const current = await ctx.store.get<Job>('job', _id);
    if (!current) throw notFound('jobs.not-found', { id: _id });
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    return ctx.store.put<Job>('job', { ...current, ...defined });
  },
});
