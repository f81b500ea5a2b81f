import {
  type Actor,
  AppError,
  type CommandDef,
  Customers,
  defineCommand,
  Jobs,
  notFound,
  Visits,
} from '@roundwise/core';
import { z } from 'zod';
import { runDefinedCommand } from '../commands/run-command.ts';
import type { Deps } from '../context.ts';

const SCHEMAS: Record<string, z.ZodType> = {
  customer: Customers.Customer,
  job: Jobs.Job,
  visit: Visits.VisitRecord,
};

/**
 * Sets one field of a customer, job or stored visit back to a value an audit entry recorded (beyond the spec:
 * any change can be undone from the log). Server-only, like `audit.restore-deleted`; Owner and
 * Admin. The record with the value must still be valid as its type.
 */
export const restoreValue: CommandDef = defineCommand({
  name: 'audit.restore-value',
  input: z.object({
    entry: z.string(),
    type: z.enum(['customer', 'job', 'visit']),
    id: z.string(),
    field: z.string(),
    value: z.unknown(),
  }),
  access: { roles: ['Owner', 'Admin'] },
  async run(ctx, { type, id, field, value }) {
    const current = await ctx.store.get<Record<string, unknown>>(type, id);
    if (!current) throw notFound('audit.record-not-found', { type, id });
    const next = { ...current, [field]: value };
    if (value === undefined) delete next[field];
    if (!SCHEMAS[type]?.safeParse(next).success)
      throw new AppError('validation', 'audit.value-not-valid', { field });
    return ctx.store.put(type, next as { _id: string });
  },
});

/** `POST /api/audit/restore-value`: a field's value before the entry's change, set again. */
export async function restoreValueFromEntry(
  s: Deps,
  actor: Actor,
  params: { cursor: string; id: string; field: string; commandId: string },
) {
  const found = await s.audit.get(actor.accountId, params.cursor);
  const change = found?.entry.changes.find((c) => c.id === params.id);
  const field = change?.fields.find((f) => f.field === params.field);
  if (!change || !field || !(change.resourceType in SCHEMAS)) {
    throw notFound('audit.entry-not-found', { cursor: params.cursor });
  }
  return runDefinedCommand(s, actor, restoreValue, params.commandId, {
    entry: params.cursor,
    type: change.resourceType as 'customer' | 'job' | 'visit',
    id: change.id,
    field: field.field,
    value: field.old,
  });
}
