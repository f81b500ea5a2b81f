import { z } from 'zod';
import type { Actor, Role } from '../access/model.ts';
import { canNavigate } from '../access/routes.ts';
import type { CommandContext } from '../commands/define.ts';
import { type Entity, Id, IsoDate } from '../entity.ts';
import { forbidden, notFound, validation } from '../errors.ts';
import type { Job } from '../jobs/schema.ts';
import { isDueDate } from '../schedule/frequency.ts';
import { occurrenceId } from '../schedule/ids.ts';
import { isBooked, type ScheduleItem, storedItem, virtualItem } from '../schedule/items.ts';
import type { Occurrence } from './schema.ts';

/**
 * A visit as commands address it: its job and due date. A virtual visit has no stored occurrence
 * yet; the first change stores one under `occurrenceId(jobId, isoDueDate)`.
 */
export const VisitRef = z.object({ jobId: Id, isoDueDate: IsoDate });
export type VisitRef = z.infer<typeof VisitRef>;

/** Planners of the schedule (route `schedule`: Owner, Admin, Planner). */
export const PLANNER_ROLES: readonly Role[] = ['Owner', 'Admin', 'Planner'];
const isPlanner = (actor: Actor) => PLANNER_ROLES.some((r) => actor.roles.includes(r));

/** A visit loaded for a command: its job, all the job's stored occurrences, and the visit itself. */
export interface LoadedVisit {
  job: Entity<Job>;
  occurrences: Entity<Occurrence>[];
  stored?: Entity<Occurrence>;
  item: ScheduleItem;
}

/**
 * Loads a visit; refuses a job that does not exist, an unbooked quote job, and a date that is not
 * one of the job's visits (neither stored nor a due date of its frequency).
 */
export async function loadVisit(ctx: CommandContext, ref: VisitRef): Promise<LoadedVisit> {
  // Read together, in one round trip: the job, its occurrences, and the visit's own item by id (a
  // change stores it on condition of the version there, a deleted one's included).
  const [job, listed] = await Promise.all([
    ctx.store.get<Job>('job', ref.jobId),
    ctx.store.listBy<Occurrence>('occurrence', ref.jobId),
    ctx.store.get<Occurrence>('occurrence', occurrenceId(ref.jobId, ref.isoDueDate)),
  ]);
  if (!job) throw notFound('jobs.not-found', { id: ref.jobId });
  const occurrences = listed.sort((a, b) => (a.isoDueDate < b.isoDueDate ? -1 : 1));
  const stored = occurrences.find((o) => o.isoDueDate === ref.isoDueDate);
  if (stored) return { job, occurrences, stored, item: storedItem(stored, job) };
  if (!isBooked(job) || !isDueDate(job, ref.isoDueDate)) {
    throw validation('schedule.not-a-visit', { jobId: ref.jobId, date: ref.isoDueDate });
  }
  return { job, occurrences, item: virtualItem(job, ref.isoDueDate, occurrences) };
}

/**
 * Workers may act only on visits assigned to them (their "my work" list); planners on any. The
 * visit's assignees are its own when stored, else its job's.
 * Called by the commands workers may run (complete, skip, undo, notes).
 */
export function assertMayActOn(actor: Actor, item: ScheduleItem): void {
  if (isPlanner(actor)) return;
  // The rest reach visits through "my work" (route mywork: Worker, multi-user accounts).
  const mywork = canNavigate(actor, 'mywork');
  if (!mywork.ok) throw mywork.error;
  if (!item.assignees.includes(actor.userId)) throw forbidden('schedule.not-assigned-to-you');
}

/** The occurrence a visit is stored as, with `changes` applied. */
export function occurrenceOf(v: LoadedVisit, changes: Partial<Occurrence>): Occurrence {
  const base: Occurrence = v.stored
    ? (({ _version, _updatedAt, ...o }) => o)(
        v.stored as Entity<Occurrence> & { _version: number; _updatedAt: string },
      )
    : {
        _id: v.item.id,
        jobId: v.job._id,
        customerId: v.job.customerId,
        status: 0,
        isoPlannedDate: v.item.isoPlannedDate,
        isoDueDate: v.item.isoDueDate,
        price: v.item.price,
        rounds: v.item.rounds,
        plannedOrder: v.item.plannedOrder,
        assignees: v.item.assignees,
      };
  const out = { ...base, ...changes } as Occurrence & Record<string, unknown>;
  // `undefined` in changes clears an optional field.
  for (const [k, val] of Object.entries(changes)) if (val === undefined) delete out[k];
  return out;
}

/**
 * Stores a visit's occurrence, or deletes it when it no longer carries any state (not done, on
 * its due date, with the computed price, order, rounds and assignees and no notes): occurrences
 * are stored only when they carry state.
 */
export async function saveVisit(ctx: CommandContext, v: LoadedVisit, occ: Occurrence): Promise<ScheduleItem> {
  const others = v.occurrences.filter((o) => o._id !== occ._id);
  const computed = virtualItem(v.job, occ.isoDueDate, others);
  const plain =
    occ.status === 0 &&
    occ.isoPlannedDate === occ.isoDueDate &&
    occ.price === computed.price &&
    occ.plannedOrder === computed.plannedOrder &&
    sameList(occ.rounds, computed.rounds) &&
    sameList(occ.assignees, computed.assignees) &&
    !occ.notes &&
    !occ.skipReason &&
    !occ.completedDate;
  if (plain) {
    if (v.stored) await ctx.store.remove('occurrence', v.stored._id);
    return computed;
  }
  const saved = await ctx.store.put<Occurrence>('occurrence', occ);
  return storedItem(saved, v.job);
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);
