import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import { defineCommand } from '../commands/define.ts';
import { Id, patchOf } from '../entity.ts';
import { notFound } from '../errors.ts';
import { type Service, ServiceFields } from './schema.ts';

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
