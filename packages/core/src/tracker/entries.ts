import { addDays } from '../schedule/dates.ts';
import type { TimeEvent } from '../visits/time-events.ts';
import { instantOf, localOf, TRACKER_TIME_ZONE } from './clock.ts';

/** Spec 002 section 9: the tracker's default day, 06:00 to 19:00 (minutes of the day). */
export const DEFAULT_DAY_START = 6 * 60;
export const DEFAULT_DAY_END = 19 * 60;

/**
 * A time entry: a start event and the stop that closes it. Raw times, no rounding: `ms` is the
 * exact length and every total adds these.
 */
export interface TimeEntry {
  entryId: string;
  assigneeId: string;
  occurrenceId: string;
  jobId: string;
  isoDueDate: string;
  /** The business's calendar day it started on. */
  day: string;
  start: number;
  /** The stop's instant; for a running entry, now. */
  stop: number;
  ms: number;
  type: 'running' | 'recorded';
  /**
   * Still running when its day ended: closed at the day's end (19:00, or its start when it began
   * later) and flagged for the Owner to check. No stop event exists until they edit it.
   */
  review: boolean;
  startEvent: TimeEvent;
  stopEvent?: TimeEvent;
}

/** Time between two consecutive entries of one worker on one day: travel between jobs. */
export interface TravelGap {
  assigneeId: string;
  day: string;
  from: number;
  to: number;
  ms: number;
  /** Longer than the unrecorded-time threshold: shown with a warning (spec 002 section 9). */
  long: boolean;
}

export interface DerivedTime {
  entries: TimeEntry[];
  /** Start or stop events lacking their partner (spec 002 section 4): lone stops, and starts closed at day's end. */
  unbound: TimeEvent[];
}

const at = (e: TimeEvent) => Date.parse(e.eventTimestamp);

/**
 * The time entries of a list of events, as of `now`. Events pair by `entryId`; a start with no
 * stop is running until its day is over, then closed at the day's end and flagged for review
 * (a derived rule rather than a scheduled job: nothing is written, every device and the server
 * agree, and it holds offline). A stop with no start is an unbound event.
 */
export function deriveEntries(
  events: readonly TimeEvent[],
  now: number,
  timeZone: string = TRACKER_TIME_ZONE,
): DerivedTime {
  const byEntry = new Map<string, { start?: TimeEvent; stop?: TimeEvent }>();
  for (const e of events) {
    const pair = byEntry.get(e.entryId) ?? {};
    // Two of a kind (devices that raced): the earliest start and the latest stop.
    if (e.kind === 'start' && (!pair.start || at(e) < at(pair.start))) pair.start = e;
    if (e.kind === 'stop' && (!pair.stop || at(e) > at(pair.stop))) pair.stop = e;
    byEntry.set(e.entryId, pair);
  }
  const today = localOf(now, timeZone).day;
  const entries: TimeEntry[] = [];
  const unbound: TimeEvent[] = [];
  for (const [entryId, { start, stop }] of byEntry) {
    if (!start) {
      if (stop) unbound.push(stop);
      continue;
    }
    const startMs = at(start);
    const day = localOf(startMs, timeZone).day;
    let stopMs: number;
    let type: TimeEntry['type'] = 'recorded';
    let review = false;
    if (stop) stopMs = Math.max(startMs, at(stop));
    else if (day < today) {
      stopMs = Math.max(startMs, instantOf(day, DEFAULT_DAY_END, timeZone));
      review = true;
      unbound.push(start);
    } else {
      stopMs = Math.max(startMs, now);
      type = 'running';
    }
    entries.push({
      entryId,
      assigneeId: start.assigneeId,
      occurrenceId: start.occurrenceId,
      jobId: start.jobId,
      isoDueDate: start.isoDueDate,
      day,
      start: startMs,
      stop: stopMs,
      ms: stopMs - startMs,
      type,
      review,
      startEvent: start,
      ...(stop ? { stopEvent: stop } : {}),
    });
  }
  entries.sort((a, b) => a.start - b.start || a.stop - b.stop);
  return { entries, unbound };
}

/**
 * Travel: the gap between one entry's end and the worker's next entry that day (spec 002 section
 * 9's unrecorded time). Only between jobs: before the first job (home to the first job) is not
 * counted, as HMRC's minimum wage rules count travel between assignments but not from home.
 * Overlapping entries leave no gap. `thresholdHours` marks the long ones.
 */
export function travelGaps(entries: readonly TimeEntry[], thresholdHours: number): TravelGap[] {
  const byWorkerDay = new Map<string, TimeEntry[]>();
  for (const e of entries) {
    const key = `${e.assigneeId}|${e.day}`;
    const list = byWorkerDay.get(key);
    if (list) list.push(e);
    else byWorkerDay.set(key, [e]);
  }
  const gaps: TravelGap[] = [];
  for (const list of byWorkerDay.values()) {
    list.sort((a, b) => a.start - b.start);
    let end = list[0]!.stop;
    for (const e of list.slice(1)) {
      if (e.start > end) {
        const ms = e.start - end;
        gaps.push({
          assigneeId: e.assigneeId,
          day: e.day,
          from: end,
          to: e.start,
          ms,
          long: ms > thresholdHours * 3_600_000,
        });
      }
      end = Math.max(end, e.stop);
    }
  }
  return gaps;
}

export interface WorkerTotals {
  assigneeId: string;
  recordedMs: number;
  travelMs: number;
}

/** Each worker's recorded and travel time over `days`, most recorded first (the top three lead). */
export function workerTotals(
  entries: readonly TimeEntry[],
  gaps: readonly TravelGap[],
  days: ReadonlySet<string>,
): WorkerTotals[] {
  const totals = new Map<string, WorkerTotals>();
  const of = (id: string) => {
    let t = totals.get(id);
    if (!t) {
      t = { assigneeId: id, recordedMs: 0, travelMs: 0 };
      totals.set(id, t);
    }
    return t;
  };
  for (const e of entries) if (days.has(e.day)) of(e.assigneeId).recordedMs += e.ms;
  for (const g of gaps) if (days.has(g.day)) of(g.assigneeId).travelMs += g.ms;
  return [...totals.values()].sort(
    (a, b) => b.recordedMs - a.recordedMs || a.assigneeId.localeCompare(b.assigneeId),
  );
}

/** The seven days, Monday first, of the ISO week `day` is in (spec 002 section 9: weeks start Monday). */
export function weekOf(day: string): string[] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const monday = addDays(day, -((weekday + 6) % 7));
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** Daily recorded and travel totals over `days` (the weekly bar chart). */
export function dailyTotals(
  entries: readonly TimeEntry[],
  gaps: readonly TravelGap[],
  days: readonly string[],
): { day: string; recordedMs: number; travelMs: number }[] {
  const out = new Map(days.map((day) => [day, { day, recordedMs: 0, travelMs: 0 }]));
  for (const e of entries) {
    const d = out.get(e.day);
    if (d) d.recordedMs += e.ms;
  }
  for (const g of gaps) {
    const d = out.get(g.day);
    if (d) d.travelMs += g.ms;
  }
  return [...out.values()];
}
