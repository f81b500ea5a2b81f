import {
  type Actor,
  AppError,
  type CommandDef,
  Customers,
  defineCommand,
  Jobs,
  notFound,
  routeByName,
  Visits,
} from '@roundwise/core';
import { z } from 'zod';
import { runDefinedCommand } from '../commands/run-command.ts';
import type { Deps } from '../context.ts';

/** What a deleted customer's entry can bring back: the customer, their jobs and visit records. */
const SCHEMAS: Record<string, z.ZodType> = {
  customer: Customers.Customer,
  job: Jobs.Job,
  visit: Visits.VisitRecord,
};

/**
 * Brings back records a command deleted, as they were. Server-only (no area lists it, so no
 * device can send it): its input comes from an audit entry the server read. Each record must be
 * deleted still (a live one, or one made again since, is left as it is) and valid as its type.
 */
export const restoreDeleted: CommandDef = defineCommand({
  name: 'audit.restore-deleted',
  input: z.object({
    entry: z.string(),
    records: z.array(
      z.object({ type: z.enum(['customer', 'job', 'visit']), entity: z.record(z.string(), z.unknown()) }),
    ),
  }),
  access: routeByName('customers'),
  async run(ctx, { records }) {
    const restored: Record<string, number> = {};
    // Parents first: the customer (the entry's subject), then jobs, then their visits.
    const order = ['customer', 'job', 'visit'];
    const sorted = [...records].sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
    for (const { type, entity } of sorted) {
      if (!SCHEMAS[type]?.safeParse(entity).success) continue;
      if (await ctx.store.get(type, String(entity._id))) continue;
      await ctx.store.put(type, entity as { _id: string });
      restored[type] = (restored[type] ?? 0) + 1;
    }
    return { restored };
  },
});

/**
 * `POST /api/audit/restore`: 'Restore' on an entry for a deleted customer with no summary (spec
 * 001 section 6): the customer comes back with their jobs and visits, as one command (audited).
 */
export async function restoreFromEntry(s: Deps, actor: Actor, cursor: string, commandId: string) {
  const found = await s.audit.get(actor.accountId, cursor);
  if (!found) throw notFound('audit.entry-not-found', { cursor });
  const { entry, removed } = found;
  if (entry.subject.resourceType !== 'customer' || entry.actionDetailsSummary || !entry.restorable) {
    throw new AppError('validation', 'audit.not-restorable', { cursor });
  }
  return runDefinedCommand(s, actor, restoreDeleted, commandId, { entry: cursor, records: removed });
}
