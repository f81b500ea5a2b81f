import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import type { CommandContext } from '../commands/define.ts';
import { defineCommand } from '../commands/define.ts';
import { applyEdits } from '../conflicts/apply-edits.ts';
import { EditBase } from '../conflicts/schema.ts';
import type { Customer } from '../customers/schema.ts';
import { type Entity, Id, IsoDate, patchOf } from '../entity.ts';
import { notFound, validation } from '../errors.ts';
import type { Round } from '../rounds/schema.ts';
import { normaliseRecurrence, pickRecurrence } from '../schedule/frequency.ts';
import type { Service } from '../services/schema.ts';
import { replan, type SchedulePlan, shift } from '../visits/plan.ts';
import { type VisitRecord, VisitStatus } from '../visits/record.ts';
import { type Job, JobFields } from './schema.ts';

/** Adding and editing jobs: Owner, Admin, Creator, JobEditor (spec 000 section 6). */
const access = { minLevel: 'Core', roles: ['Owner', 'Admin', 'Creator', 'JobEditor'] } as const;

const RECURRENCE_FIELDS = [
  'date',
  'frequencyType',
  'frequencyInterval',
  'frequencyDayOfMonth',
  'frequencyDayOfWeek',
  'frequencyWeekOfMonth',
] as const;

/** Rounds and services a job names must exist (an id from another account never does). */
async function assertReferences(ctx: CommandContext, fields: { rounds?: string[]; services?: string[] }) {
  for (const id of fields.rounds ?? []) {
    if (!(await ctx.store.get<Round>('round', id))) throw validation('rounds.not-found', { id });
  }
  for (const id of fields.services ?? []) {
    if (!(await ctx.store.get<Service>('service', id))) throw validation('services.not-found', { id });
  }
}

/**
 * A job on a customer. Its duration stays empty unless given: an empty duration means the
 * account's default job duration (spec 000 section 3), read when the schedule is shown, so
 * changing the account default changes every job that has no duration of its own.
 */
export const createJob = defineCommand({
  name: 'jobs.create',
  input: JobFields.extend({ _id: Id.optional() }),
  access,
  async run(ctx, input) {
    const customer = await ctx.store.get<Customer>('customer', input.customerId);
    if (!customer) throw notFound('customers.not-found', { id: input.customerId });
    await assertReferences(ctx, input);
    const { _id, ...fields } = input;
    return ctx.store.put<Job>('job', {
      ...normaliseRecurrence(fields),
      _id: _id ?? ctx.newId(),
      createdDate: ctx.now.toISOString(),
    });
  },
});

/**
 * Edits a job. A change of date or frequency replans it (its not-done stored visits are dropped,
 * as `jobs.replan`). A change of price, rounds or assignees reaches the stored not-done visits
 * that still had the job's old value (a visit repriced or assigned on its own keeps its own).
 */
export const updateJob = defineCommand({
  name: 'jobs.update',
  input: z.object({ _id: Id, changes: patchOf(JobFields.omit({ customerId: true })), base: EditBase }),
  access,
  async run(ctx, { _id, changes, base }) {
    const current = await ctx.store.get<Job>('job', _id);
    if (!current) throw notFound('jobs.not-found', { id: _id });
    await assertReferences(ctx, changes as Partial<Job>);
    // Concurrent edits settled field by field (`applyEdits`); only what is kept is written.
    const target = { type: 'job', id: _id, customerId: current.customerId } as const;
    const kept = await applyEdits<Job>(ctx, target, current, changes as Partial<Job>, base);
    const defined = kept.values;
    if (Object.keys(defined).length === 0) return current;
    const next = { ...current, ...defined, _edits: kept.edits };
    const visitRecords = await ctx.store.listBy<VisitRecord>('visit', _id);
    const recurrenceChanged = RECURRENCE_FIELDS.some((f) => f in defined && defined[f] !== current[f]);
    if (recurrenceChanged) {
      const plan = replan(current, visitRecords, pickRecurrence(next));
      return applyPlan(ctx, next, plan);
    }
    for (const o of visitRecords) {
      if (o.status !== VisitStatus.NotDone) continue;
      const updated = { ...o };
      if (o.price === current.price) updated.price = next.price;
      if (sameList(o.rounds, current.rounds)) updated.rounds = next.rounds;
      if (sameList(o.assignees, current.assignees)) updated.assignees = next.assignees;
      if (updated.price !== o.price || updated.rounds !== o.rounds || updated.assignees !== o.assignees) {
        await ctx.store.put<VisitRecord>('visit', updated);
      }
    }
    return ctx.store.put<Job>('job', normaliseRecurrence(next));
  },
});

/** Writes a schedule plan: the job with its new recurrence, then the visit record changes. */
async function applyPlan(ctx: CommandContext, job: Job, plan: SchedulePlan): Promise<Entity<Job>> {
  const { frequencyDayOfMonth, frequencyDayOfWeek, frequencyWeekOfMonth, ...rest } = job;
  const saved = await ctx.store.put<Job>('job', { ...rest, ...plan.recurrence });
  const putIds = new Set(plan.put.map((o) => o._id));
  for (const id of plan.remove) if (!putIds.has(id)) await ctx.store.remove('visit', id);
  for (const o of plan.put) await ctx.store.put<VisitRecord>('visit', o as VisitRecord);
  return saved;
}

/** Deleting a job deletes its stored visits; its invoices and payments stay in the ledger. */
export const deleteJob = defineCommand({
  name: 'jobs.delete',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    const current = await ctx.store.get<Job>('job', _id);
    if (!current) throw notFound('jobs.not-found', { id: _id });
    const visitRecords = await ctx.store.listBy<VisitRecord>('visit', _id);
    for (const o of visitRecords) await ctx.store.remove('visit', o._id);
    await ctx.store.remove('job', _id);
    return { deleted: { jobs: 1, visitRecords: visitRecords.length } };
  },
});

const RecurrenceChanges = JobFields.pick({
  date: true,
  frequencyType: true,
  frequencyInterval: true,
  frequencyDayOfMonth: true,
  frequencyDayOfWeek: true,
  frequencyWeekOfMonth: true,
});

/**
 * Resets a job's schedule (the round's "reset (replan)", spec 000 section 4), optionally from a
 * new date and frequency: stored not-done visits are dropped; done and skipped ones stay.
 */
export const replanJob = defineCommand({
  name: 'jobs.replan',
  input: z.object({ _id: Id, changes: patchOf(RecurrenceChanges).default({}) }),
  access,
  async run(ctx, { _id, changes }) {
    const current = await ctx.store.get<Job>('job', _id);
    if (!current) throw notFound('jobs.not-found', { id: _id });
    const visitRecords = await ctx.store.listBy<VisitRecord>('visit', _id);
    const plan = replan(current, visitRecords, changes);
    return applyPlan(ctx, current, plan);
  },
});

/**
 * Moves a job's not-done visits from `from` on by `days`, or so that the first lands on `toDate`
 * (planning: the schedule route's roles). Refused with `visits.no-future-visit` when the job has
 * no visit left from `from` (a past one-off).
 */
export const shiftJob = defineCommand({
  name: 'jobs.shift',
  input: z
    .object({
      _id: Id,
      from: IsoDate,
      days: z.number().int().min(-366).max(366).optional(),
      toDate: IsoDate.optional(),
    })
    .refine((i) => (i.days === undefined) !== (i.toDate === undefined), 'visits.shift-days-or-date'),
  access: routeByName('schedule'),
  async run(ctx, { _id, from, days, toDate }) {
    const current = await ctx.store.get<Job>('job', _id);
    if (!current) throw notFound('jobs.not-found', { id: _id });
    const visitRecords = await ctx.store.listBy<VisitRecord>('visit', _id);
    const plan = shift(current, visitRecords, toDate ? { from, toDate } : { from, days: days ?? 0 });
    if (!plan) throw validation('visits.no-future-visit');
    return applyPlan(ctx, current, plan);
  },
});

const sameList = (a: readonly string[] = [], b: readonly string[] = []) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The business confirms a job a customer booked on the portal: it stops showing as waiting.
 * Confirming twice changes nothing; a job not booked on the portal is refused.
 */
export const confirmBooking = defineCommand({
  name: 'jobs.confirm-booking',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    const current = await ctx.store.get<Job>('job', _id);
    if (!current) throw notFound('jobs.not-found', { id: _id });
    if (!current.portalBooking) throw validation('portal.not-a-booking');
    if (current.portalBooking.confirmedAt) return current;
    return ctx.store.put<Job>('job', {
      ...current,
      portalBooking: {
        ...current.portalBooking,
        confirmedAt: ctx.now.toISOString(),
        confirmedBy: ctx.actor.userId,
      },
    });
  },
});
