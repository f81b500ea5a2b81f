import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import { defineCommand } from '../commands/define.ts';
import { Id } from '../entity.ts';
import { notFound } from '../errors.ts';
import { type Alert, AlertFields } from './schema.ts';
import { alertsVisibleTo } from './visible.ts';

/** Sending an alert to staff is an Owner/Admin action (the spec names no rule; it is theirs to tell). */
export const createAlert = defineCommand({
  name: 'alerts.create',
  input: AlertFields.extend({ _id: Id.optional() }),
  access: { roles: ['Owner', 'Admin'] },
  async run(ctx, { _id, ...fields }) {
    return ctx.store.put<Alert>('alert', {
      ...fields,
      _id: _id ?? ctx.newId(),
      createdDate: ctx.now.toISOString(),
      readBy: [],
    });
  },
});

/** Anyone who may see the alert marks it read for themselves. */
export const markAlertRead = defineCommand({
  name: 'alerts.mark-read',
  input: z.object({ _id: Id }),
  access: routeByName('alerts'),
  async run(ctx, { _id }) {
    const alert = await ctx.store.get<Alert>('alert', _id);
    if (!alert || alertsVisibleTo(ctx.actor, [alert]).length === 0)
      throw notFound('alerts.not-found', { id: _id });
    if (alert.readBy.includes(ctx.actor.userId)) return alert;
    return ctx.store.put<Alert>('alert', { ...alert, readBy: [...alert.readBy, ctx.actor.userId] });
  },
});
