import { addDays, daysBetween, partsOf, weekdayOf } from './dates.ts';
import { nextDate, nextDates, type Recurrence, weekOfMonthOf } from './frequency.ts';
import { occurrenceId } from './ids.ts';
import type { StoredOccurrence } from './items.ts';

/**
 * A recurrence with its monthly fields made explicit from its date when absent (day of month;
 * weekday and week of month), and the fields its type does not use removed, so a stored job says
 * exactly what the engine computes from it.
 */
export function normaliseRecurrence<R extends Recurrence>(r: R): R {
  const out = { ...r };
  delete out.frequencyDayOfMonth;
  delete out.frequencyDayOfWeek;
  delete out.frequencyWeekOfMonth;
  if (r.frequencyType === 'MonthsDayOfMonth') {
    out.frequencyDayOfMonth = r.frequencyDayOfMonth ?? partsOf(r.date).date;
  } else if (r.frequencyType === 'MonthsWeekdayOfMonth') {
    out.frequencyDayOfWeek = r.frequencyDayOfWeek ?? weekdayOf(r.date);
    out.frequencyWeekOfMonth = r.frequencyWeekOfMonth ?? weekOfMonthOf(r.date);
  }
  return out;
}

/** What to write to apply a plan: the job's new recurrence, occurrences to delete and to store. */
export interface SchedulePlan {
  recurrence: Recurrence;
  remove: string[];
  put: StoredOccurrence[];
}

/**
 * Resets a job's schedule from a new date and/or frequency (the round's "reset (replan)" and
 * applying a round schedule, spec 000 section 4): the job takes the new recurrence and its stored
 * not-done occurrences are deleted (moves, reprices and reorders of visits not yet done are
 * dropped); done and skipped visits stay as history.
 */
export function replan(
  job: Recurrence,
  occurrences: readonly StoredOccurrence[],
  changes: Partial<Recurrence>,
): SchedulePlan {
  const recurrence = normaliseRecurrence({ ...pickRecurrence(job), ...definedOnly(changes) });
  return { recurrence, remove: occurrences.filter((o) => o.status === 0).map((o) => o._id), put: [] };
}

/**
 * Moves a job's not-done visits from `from` on by `days` (or so the first of them falls on
 * `toDate`): the job is re-anchored on its first visit on or after `from` plus the shift, monthly
 * kinds taking the new date's day of month or weekday/week; visits before `from` are untouched.
 * Stored not-done occurrences due from `from` are re-keyed to the matching new visit (the k-th
 * visit after the shift takes the k-th one's price, order, notes, assignees; a moved one keeps its
 * offset); done and skipped ones stay. Undefined when there is no visit on or after `from`.
 */
export function shift(
  job: Recurrence,
  occurrences: readonly StoredOccurrence[],
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
  const moving = occurrences
    .filter((o) => o.status === 0 && o.isoDueDate >= by.from)
    .sort((a, b) => (a.isoDueDate < b.isoDueDate ? -1 : 1));
  const put: StoredOccurrence[] = [];
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
        _id: occurrenceId(o.jobId, due),
        isoDueDate: due,
        isoPlannedDate: addDays(due, offset),
      });
    }
  }
  return { recurrence, remove: moving.map((o) => o._id), put };
}

export function pickRecurrence(job: Recurrence): Recurrence {
  const r: Recurrence = {
    date: job.date,
    frequencyType: job.frequencyType,
    frequencyInterval: job.frequencyInterval,
  };
  if (job.frequencyDayOfMonth !== undefined) r.frequencyDayOfMonth = job.frequencyDayOfMonth;
  if (job.frequencyDayOfWeek !== undefined) r.frequencyDayOfWeek = job.frequencyDayOfWeek;
  if (job.frequencyWeekOfMonth !== undefined) r.frequencyWeekOfMonth = job.frequencyWeekOfMonth;
  return r;
}

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
