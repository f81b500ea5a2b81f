import './strings.ts';
import { Tracker, type Visits } from '@roundwise/core';
import { useMemo } from 'react';
import { type Person, usePeople } from '../../lib/people';
import { useItems, type Visit } from '../../lib/schedule';
import { useEntityList } from '../../lib/sync/hooks';
import type { TrackerSettings } from './settings';

/** The zone the tracker reads days and hours in: the device's, as the schedule's today is. */
export const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export interface WorkerRow {
  userId: string;
  person?: Person;
  entries: Tracker.TimeEntry[];
  travel: Tracker.TravelGap[];
  unbound: Visits.TimeEvent[];
  /** The worker's visits that day with no time recorded on them (entry type "unrecorded"). */
  unrecorded: Visit[];
  recordedMs: number;
}

/**
 * Everything the tracker shows for a day and its week, from the device's synced time events and
 * visits: entries, travel, unbound events, unrecorded jobs, the rows of the grid and the totals.
 */
export function useTrackerDay(day: string, settings: TrackerSettings, now: number) {
  const events = useEntityList<Visits.TimeEvent>('timeEvent');
  const schedule = useItems(day, day);
  const zone = deviceZone();
  const derived = useMemo(() => Tracker.deriveEntries(events, now, zone), [events, now, zone]);
  const travel = useMemo(
    () => Tracker.travelGaps(derived.entries, settings.unrecordedTimeThreshold),
    [derived.entries, settings.unrecordedTimeThreshold],
  );
  const ids = useMemo(() => [...new Set(events.map((e) => e.assigneeId))], [events]);
  const people = usePeople(ids);
  const week = useMemo(() => Tracker.weekOf(day), [day]);
  const weekly = useMemo(() => {
    const days = new Set(week);
    return {
      daily: Tracker.dailyTotals(derived.entries, travel, week),
      top: Tracker.workerTotals(derived.entries, travel, days)
        .filter((w) => w.recordedMs > 0)
        .slice(0, 3),
    };
  }, [derived.entries, travel, week]);
  const rows = useMemo(() => {
    const byId = new Map<string, WorkerRow>();
    const row = (userId: string) => {
      let r = byId.get(userId);
      if (!r) {
        r = { userId, entries: [], travel: [], unbound: [], unrecorded: [], recordedMs: 0 };
        byId.set(userId, r);
      }
      return r;
    };
    for (const e of derived.entries)
      if (e.day === day) {
        const r = row(e.assigneeId);
        r.entries.push(e);
        r.recordedMs += e.ms;
      }
    for (const g of travel) if (g.day === day) row(g.assigneeId).travel.push(g);
    if (settings.showUnboundEvents)
      for (const e of derived.unbound)
        if (Tracker.localOf(Date.parse(e.eventTimestamp), zone).day === day)
          row(e.assigneeId).unbound.push(e);
    const timed = new Set(events.map((e) => `${e.assigneeId}|${e.occurrenceId}`));
    if (settings.showUnrecordedJobs)
      for (const v of schedule.items)
        for (const a of v.assignees) if (!timed.has(`${a}|${v.id}`)) row(a).unrecorded.push(v);
    if (settings.showAllWorkers) for (const p of people) if (p.isWorker) row(p.userId);
    const names = new Map(people.map((p) => [p.userId, p]));
    return [...byId.values()]
      .map((r) => ({ ...r, person: names.get(r.userId) }))
      .sort((a, b) => (a.person?.name || '~').localeCompare(b.person?.name || '~'));
  }, [derived, travel, day, events, schedule.items, settings, people, zone]);
  const dayTotals = useMemo(
    () => ({
      recordedMs: rows.reduce((n, r) => n + r.recordedMs, 0),
      travelMs: rows.reduce((n, r) => n + r.travel.reduce((m, g) => m + g.ms, 0), 0),
      unrecordedJobs: rows.reduce((n, r) => n + r.unrecorded.length, 0),
    }),
    [rows],
  );
  return { rows, people, weekly, dayTotals, schedule, zone, loading: schedule.loading };
}
