import { type Customers, type Jobs, Rounds, Schedule, type Visits } from '@roundwise/core';
import { useEffect, useRef, useState } from 'react';
import { useEntities, useEntityList } from '../../lib/sync/hooks';

/** Spec 000 section 9: the rounds list refreshes every 15000 ms, loads debounced 50 ms (10 ms after adding). */
export const REFRESH_MS = 15_000;
export const LOAD_DEBOUNCE_MS = 50;
export const LOAD_AFTER_ADD_MS = 10;

/** Today on this device's calendar: the day the user is planning. */
export const deviceToday = () => Schedule.todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

export type Tab = 'active' | 'pending';

/**
 * The rounds list's data (spec 000 section 2.4): recomputed from the local store when rounds, jobs,
 * customers or visit records change, on mount (each navigation to the screen) and every 15 s (so the
 * totals follow the date), each time debounced 50 ms (10 ms right after the user added a round).
 */
export function useRoundList(tab: Tab) {
  const rounds = useEntityList<Rounds.Round>('round');
  const jobs = useEntityList<Jobs.Job>('job');
  const visitRecords = useEntityList<Visits.VisitRecord>('visit');
  const customers = useEntities<Customers.Customer>('customer');
  const [tick, setTick] = useState(0);
  const addedAt = useRef(0);
  const [data, setData] = useState<Rounds.RoundData<Jobs.Job>[] | undefined>();
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    void tick;
    void customers; // customers' changes (address, deletion) reload the list too
    const justAdded = Date.now() - addedAt.current < 1000;
    const timer = setTimeout(
      () => {
        const input = { rounds, jobs, visitRecords, today: deviceToday() };
        setData(tab === 'pending' ? Rounds.pendingRoundData(input) : Rounds.roundData(input));
      },
      justAdded ? LOAD_AFTER_ADD_MS : LOAD_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [rounds, jobs, visitRecords, customers, tab, tick]);
  return {
    data,
    /** Call when the user adds a round: the next load waits 10 ms instead of 50. */
    markAdded: () => {
      addedAt.current = Date.now();
    },
  };
}
