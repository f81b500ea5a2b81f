import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import { defineCommand } from '../commands/define.ts';
import { Id, patchOf } from '../entity.ts';
import { notFound, validation } from '../errors.ts';
import type { Job } from '../jobs/schema.ts';
import { AdvancedFields, type Service, ServiceFields } from './schema.ts';

const access = routeByName('services');

export const createService = defineCommand({
  name: 'services.create',
  input: ServiceFields.extend({ _id: Id.optional() }),
  access,
  async run(ctx, { _id, ...fields }) {
    return ctx.store.put<Service>('service', { ...fields, _id: _id ?? ctx.newId() });
  },
});

export const updateService = defineCommand({
  name: 'services.update',
  input: z.object({ _id: Id, changes: patchOf(ServiceFields) }),
  access,
  async run(ctx, { _id, changes }) {
    const current = await ctx.store.get<Service>('service', _id);
    if (!current) throw notFound('services.not-found', { id: _id });
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    return ctx.store.put<Service>('service', { ...current, ...defined });
  },
});

/**
 * The quote flow's questions, the prices by frequency and the duration, from
 * `services-advanced/{id}` (Owner, Admin, Creator: that screen's roles).
 */
export const updateAdvanced = defineCommand({
  name: 'services.update-advanced',
  input: z.object({ _id: Id, changes: patchOf(AdvancedFields) }),
  access: routeByName('services-advanced-item'),
  async run(ctx, { _id, changes }) {
    const current = await ctx.store.get<Service>('service', _id);
    if (!current) throw notFound('services.not-found', { id: _id });
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    return ctx.store.put<Service>('service', { ...current, ...defined });
  },
});

/**
 * Deletes a service. Jobs that use it are refused with `services.in-use` (and how many), so the
 * user is told first; with `detach: true` the service is taken off those jobs, then deleted.
 * Past invoices keep their descriptions (they are text).
 */
export const deleteService = defineCommand({
  name: 'services.delete',
  input: z.object({ _id: Id, detach: z.boolean().default(false) }),
  access,
  async run(ctx, { _id, detach }) {
    const current = await ctx.store.get<Service>('service', _id);
    if (!current) throw notFound('services.not-found', { id: _id });
    const users = (await ctx.store.list<Job>('job')).filter((j) => j.services.includes(_id));
    if (users.length && !detach) throw validation('services.in-use', { count: users.length });
    for (const j of users)
      await ctx.store.put<Job>('job', { ...j, services: j.services.filter((s) => s !== _id) });
    await ctx.store.remove('service', _id);
    return { deleted: { services: 1 }, detachedFromJobs: users.length };
  },
});
