import { z } from 'zod';
import type { Actor, Role } from '../access/model.ts';
import { canNavigate } from '../access/routes.ts';
import type { CommandContext } from '../commands/define.ts';
import { applyEdits } from '../conflicts/apply-edits.ts';
import { type Entity, Id, IsoDate } from '../entity.ts';
import { forbidden, notFound, validation } from '../errors.ts';
import type { Job } from '../jobs/schema.ts';
import { isDueDate } from '../schedule/frequency.ts';
import { visitId } from './ids.ts';
import { type VisitRecord, VisitStatus } from './record.ts';
import { isBooked, storedVisit, type Visit, virtualVisit } from './visits.ts';

/**
 * A visit as commands address it: its job and due date. A virtual visit has no stored visit
 * yet; the first change stores one under `visitId(jobId, isoDueDate)`.
 */
export const VisitRef = z.object({ jobId: Id, isoDueDate: IsoDate });
export type VisitRef = z.infer<typeof VisitRef>;

/** Planners of the schedule (route `schedule`: Owner, Admin, Planner). */
export const PLANNER_ROLES: readonly Role[] = ['Owner', 'Admin', 'Planner'];
const isPlanner = (actor: Actor) => PLANNER_ROLES.some((r) => actor.roles.includes(r));

/** A visit loaded for a command: its job, all the job's stored visits, and the visit itself. */
export interface LoadedVisit {
  job: Entity<Job>;
  visitRecords: Entity<VisitRecord>[];
  stored?: Entity<VisitRecord>;
  visit: Visit;
}

/**
 * Loads a visit; refuses a job that does not exist, an unbooked quote job, and a date that is not
 * one of the job's visits (neither stored nor a due date of its frequency).
 */
export async function loadVisit(ctx: CommandContext, ref: VisitRef): Promise<LoadedVisit> {
  // Read together, in one round trip: the job, its visit records, and the visit's own item by id (a
  // change stores it on condition of the version there, a deleted one's included).
  const [job, listed] = await Promise.all([
    ctx.store.get<Job>('job', ref.jobId),
    ctx.store.listBy<VisitRecord>('visit', ref.jobId),
    ctx.store.get<VisitRecord>('visit', visitId(ref.jobId, ref.isoDueDate)),
  ]);
  if (!job) throw notFound('jobs.not-found', { id: ref.jobId });
  const visitRecords = listed.sort((a, b) => (a.isoDueDate < b.isoDueDate ? -1 : 1));
  const stored = visitRecords.find((o) => o.isoDueDate === ref.isoDueDate);
  if (stored) return { job, visitRecords, stored, visit: storedVisit(stored, job) };
  if (!isBooked(job) || !isDueDate(job, ref.isoDueDate)) {
    throw validation('visits.not-a-visit', { jobId: ref.jobId, date: ref.isoDueDate });
  }
  return { job, visitRecords, visit: virtualVisit(job, ref.isoDueDate, visitRecords) };
}

/**
 * Workers may act only on visits assigned to them (their "my work" list); planners on any. The
 * visit's assignees are its own when stored, else its job's.
 * Called by the commands workers may run (complete, skip, undo, notes).
 */
export function assertMayActOn(actor: Actor, visit: Visit): void {
  if (isPlanner(actor)) return;
  // The rest reach visits through "my work" (route mywork: Worker, multi-user accounts).
  const mywork = canNavigate(actor, 'mywork');
  if (!mywork.ok) throw mywork.error;
  if (!visit.assignees.includes(actor.userId)) throw forbidden('visits.not-assigned-to-you');
}

/**
 * An edit of a visit's own fields, settled with concurrent edits (`applyEdits`): the changes to
 * store with the record's stamps, or undefined when nothing is kept (already so, or lost to a
 * later edit, whose author's value stays and who lost is told).
 */
export async function editVisit(
  ctx: CommandContext,
  v: LoadedVisit,
  changes: Partial<VisitRecord>,
  base: Record<string, unknown> | undefined,
): Promise<Partial<VisitRecord> | undefined> {
  const target = {
    type: 'visit',
    id: v.visit.id,
    customerId: v.job.customerId,
    visit: { jobId: v.job._id, isoDueDate: v.visit.isoDueDate },
  } as const;
  const current = { ...(v.visit as Partial<VisitRecord>), _edits: v.stored?._edits };
  const kept = await applyEdits<Partial<VisitRecord>>(ctx, target, current, changes, base);
  if (Object.keys(kept.values).length === 0) return undefined;
  return { ...kept.values, _edits: kept.edits };
}

/** The visit record a visit is stored as, with `changes` applied. */
export function recordOf(v: LoadedVisit, changes: Partial<VisitRecord>): VisitRecord {
  const base: VisitRecord = v.stored
    ? (({ _version, _updatedAt, ...o }) => o)(
        v.stored as Entity<VisitRecord> & { _version: number; _updatedAt: string },
      )
    : {
        _id: v.visit.id,
        jobId: v.job._id,
        customerId: v.job.customerId,
        status: VisitStatus.NotDone,
        isoPlannedDate: v.visit.isoPlannedDate,
        isoDueDate: v.visit.isoDueDate,
        price: v.visit.price,
        rounds: v.visit.rounds,
        plannedOrder: v.visit.plannedOrder,
        assignees: v.visit.assignees,
      };
  const out = { ...base, ...changes } as VisitRecord & Record<string, unknown>;
  // `undefined` in changes clears an optional field.
  for (const [k, val] of Object.entries(changes)) if (val === undefined) delete out[k];
  return out;
}

/**
 * Stores a visit's visit record, or deletes it when it no longer carries any state (not done, on
 * its due date, with the computed price, order, rounds and assignees and no notes): visit records
 * are stored only when they carry state.
 */
export async function saveVisit(ctx: CommandContext, v: LoadedVisit, record: VisitRecord): Promise<Visit> {
  const others = v.visitRecords.filter((o) => o._id !== record._id);
  const computed = virtualVisit(v.job, record.isoDueDate, others);
  const plain =
    record.status === VisitStatus.NotDone &&
    record.isoPlannedDate === record.isoDueDate &&
    record.price === computed.price &&
    record.plannedOrder === computed.plannedOrder &&
    sameList(record.rounds, computed.rounds) &&
    sameList(record.assignees, computed.assignees) &&
    !record.notes &&
    !record.skipReason &&
    !record.completedDate;
  if (plain) {
    if (v.stored) await ctx.store.remove('visit', v.stored._id);
    return computed;
  }
  const saved = await ctx.store.put<VisitRecord>('visit', record);
  return storedVisit(saved, v.job);
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);
