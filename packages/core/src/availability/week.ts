import { addDays, weekdayOf } from '../schedule/dates.ts';
import { VisitStatus } from '../visits/status.ts';
import type { Visit } from '../visits/visits.ts';
import { WEEKDAYS, type Weekday, type WorkerAvailability } from './schema.ts';

/** The weekday name of an ISO day. */
export const weekdayName = (day: string): Weekday => WEEKDAYS[(weekdayOf(day) + 6) % 7]!;

/** The seven days of the ISO week `day` falls in, Monday first. */
export function isoWeek(day: string): string[] {
  const monday = addDays(day, -((weekdayOf(day) + 6) % 7));
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** A worker's hours on a day: the day's own override, else their weekday's, else none. */
export function availableOn(
  record: Pick<WorkerAvailability, 'availability' | 'defaultAvailability'> | undefined,
  day: string,
): number {
  if (!record) return 0;
  return record.availability[day] ?? record.defaultAvailability[weekdayName(day)] ?? 0;
}

export interface AvailabilityCell {
  day: string;
  /** Hours the worker is available. */
  available: number;
  /** Hours their visits that day take (the visits' durations). */
  required: number;
  /** Pounds of work that day: each visit's price shared between its assignees. */
  value: number;
  /** Green: available meets required (spec 001 section 9); red otherwise. */
  ok: boolean;
}

/**
 * The availability planner's week (spec 001 sections 2.6 and 9): for each worker, each day of the
 * ISO week, hours available against hours required by the visits assigned to them there (done or
 * not; a skipped visit needs no time). A visit with two workers takes its whole duration from each.
 */
export function availabilityWeek(input: {
  day: string;
  workerIds: readonly string[];
  records: Readonly<Record<string, WorkerAvailability | undefined>>;
  visits: readonly Pick<Visit, 'isoPlannedDate' | 'assignees' | 'duration' | 'price' | 'status'>[];
}): Map<string, AvailabilityCell[]> {
  const days = isoWeek(input.day);
  const index = new Map(days.map((d, i) => [d, i]));
  const out = new Map<string, AvailabilityCell[]>();
  for (const id of input.workerIds) {
    const record = input.records[id];
    out.set(
      id,
      days.map((day) => ({ day, available: availableOn(record, day), required: 0, value: 0, ok: true })),
    );
  }
  for (const v of input.visits) {
    const i = index.get(v.isoPlannedDate);
    if (i === undefined || v.status === VisitStatus.Skipped || v.assignees.length === 0) continue;
    for (const id of v.assignees) {
      const cell = out.get(id)?.[i];
      if (!cell) continue;
      cell.required += v.duration / 60;
      cell.value += v.price / v.assignees.length;
    }
  }
  for (const cells of out.values()) for (const c of cells) c.ok = c.available >= c.required - 1e-9;
  return out;
}
