import { addDays, daysBetween } from '../schedule/dates.ts';
import {
  nextDate,
  nextDates,
  normaliseRecurrence,
  pickRecurrence,
  type Recurrence,
} from '../schedule/frequency.ts';
import { visitId } from './ids.ts';
import { VisitStatus } from './record.ts';
import type { StoredVisit } from './visits.ts';

/** What to write to apply a plan: the job's new recurrence, visit records to delete and to store. */
export interface SchedulePlan {
  recurrence: Recurrence;
  remove: string[];
  put: StoredVisit[];
}

/**
 * Resets a job's schedule from a new date and/or frequency (the round's "reset (replan)" and
 * applying a round schedule, spec 000 section 4): the job takes the new recurrence and its stored
 * not-done visit records are deleted (moves, reprices and reorders of visits not yet done are
 * dropped); done and skipped visits stay as history.
 */
export function replan(
  job: Recurrence,
  visitRecords: readonly StoredVisit[],
  changes: Partial<Recurrence>,
): SchedulePlan {
  const recurrence = normaliseRecurrence({ ...pickRecurrence(job), ...definedOnly(changes) });
  return {
    recurrence,
    remove: visitRecords.filter((o) => o.status === VisitStatus.NotDone).map((o) => o._id),
    put: [],
  };
}

/**
 * Moves a job's not-done visits from `from` on by `days` (or so the first of them falls on
 * `toDate`): the job is re-anchored on its first visit on or after `from` plus the shift, monthly
 * kinds taking the new date's day of month or weekday/week; visits before `from` are untouched.
 * Stored not-done visit records due from `from` are re-keyed to the matching new visit (the k-th
 * visit after the shift takes the k-th one's price, order, notes, assignees; a moved one keeps its
 * offset); done and skipped ones stay. Undefined when there is no visit on or after `from`.
 */
export function shift(
  job: Recurrence,
  visitRecords: readonly StoredVisit[],
  by: { from: string; days: number } | { from: string; toDate: string },
): SchedulePlan | undefined {
  const first = nextDate(job, by.from);
  if (!first) return undefined;
  const days = 'days' in by ? by.days : daysBetween(first, by.toDate);
  const anchor = addDays(first, days);
  const recurrence = normaliseRecurrence({
    ...pickRecurrence(job),
    date: anchor,
    frequencyDayOfMonth: undefined,
    frequencyDayOfWeek: undefined,
    frequencyWeekOfMonth: undefined,
  });
  const moving = visitRecords
    .filter((o) => o.status === VisitStatus.NotDone && o.isoDueDate >= by.from)
    .sort((a, b) => (a.isoDueDate < b.isoDueDate ? -1 : 1));
  const put: StoredVisit[] = [];
  if (moving.length) {
    const last = moving[moving.length - 1]!.isoDueDate;
    const oldDates = nextDates(job, by.from, 10_000).filter((d) => d <= last);
    const newDates = nextDates(recurrence, anchor, oldDates.length);
    for (const o of moving) {
      const k = oldDates.indexOf(o.isoDueDate);
      const due = newDates[k];
      if (k < 0 || !due) continue; // no longer a due date of the job: dropped with the others
      const offset = daysBetween(o.isoDueDate, o.isoPlannedDate);
      put.push({
        ...o,
        _id: visitId(o.jobId, due),
        isoDueDate: due,
        isoPlannedDate: addDays(due, offset),
      });
    }
  }
  return { recurrence, remove: moving.map((o) => o._id), put };
}

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
