import type { Actor } from '../access/model.ts';
import { canNavigate, routeByName } from '../access/routes.ts';
import type { CommandContext } from '../commands/define.ts';
import type { Customer } from '../customers/schema.ts';
import { forbidden, notFound, validation } from '../errors.ts';
import type { Job } from '../jobs/schema.ts';
import { isDueDate } from '../schedule/frequency.ts';
import type { VisitRecord } from '../visits/record.ts';
import { type Target, type VisitTarget, visitTargetId } from './schema.ts';

/** Every command needs the custom-fields route: Ultimate and the metadata feature (spec 001 section 6). */
export const anyone = routeByName('custom-fields');
/** Defining collections is for Owners and Admins (the spec shows no roles: our decision). */
export const admins = { ...anyone, roles: ['Owner', 'Admin'] } as const;

const has = (actor: Actor, ...roles: Actor['roles']) => roles.some((r) => actor.roles.includes(r));

/** The record answers are written for: its id, its customer and its people. */
export interface TargetRecord {
  targetObjectId: string;
  customerId?: string;
  assignees: string[];
}

/**
 * Who may fill a collection in for a record: a visit's answers its assigned Worker or a planner
 * (as completing it), a job's and a customer's those who open customers or plan work, a user's
 * that user or an Owner or Admin.
 */
export async function targetRecord(
  ctx: CommandContext,
  target: Target,
  targetObjectId: string | undefined,
  visit: VisitTarget | undefined,
): Promise<TargetRecord> {
  const { actor } = ctx;
  if (target === 'job-occurrence-completion') {
    if (!visit) throw validation('custom-fields.target-required');
    const [job, records] = await Promise.all([
      ctx.store.get<Job>('job', visit.jobId),
      ctx.store.listBy<VisitRecord>('visit', visit.jobId),
    ]);
    if (!job) throw notFound('jobs.not-found', { id: visit.jobId });
    const stored = records.find((r) => r.isoDueDate === visit.isoDueDate);
    if (!stored && (job.quoteId || !isDueDate(job, visit.isoDueDate))) {
      throw validation('visits.not-a-visit', { jobId: visit.jobId, date: visit.isoDueDate });
    }
    const assignees = stored?.assignees ?? job.assignees;
    if (!has(actor, 'Owner', 'Admin', 'Planner')) {
      const mywork = canNavigate(actor, 'mywork');
      if (!mywork.ok) throw mywork.error;
      if (!assignees.includes(actor.userId)) throw forbidden('visits.not-assigned-to-you');
    }
    return { targetObjectId: visitTargetId(visit), customerId: job.customerId, assignees };
  }
  if (!targetObjectId) throw validation('custom-fields.target-required');
  if (target === 'job') {
    if (!has(actor, 'Owner', 'Admin', 'Creator', 'Planner')) throw forbidden('access.role-required');
    const job = await ctx.store.get<Job>('job', targetObjectId);
    if (!job) throw notFound('jobs.not-found', { id: targetObjectId });
    return { targetObjectId, customerId: job.customerId, assignees: job.assignees };
  }
  if (target === 'customer') {
    if (!has(actor, 'Owner', 'Admin', 'Creator')) throw forbidden('access.role-required');
    const customer = await ctx.store.get<Customer>('customer', targetObjectId);
    if (!customer) throw notFound('customers.not-found', { id: targetObjectId });
    return { targetObjectId, customerId: targetObjectId, assignees: [] };
  }
  if (!has(actor, 'Owner', 'Admin') && !(target === 'accountuser' && targetObjectId === actor.userId)) {
    throw forbidden('access.role-required');
  }
  // A staff member's own answers reach their devices too (the sync's `assigned` scope).
  return { targetObjectId, assignees: target === 'accountuser' ? [targetObjectId] : [] };
}
