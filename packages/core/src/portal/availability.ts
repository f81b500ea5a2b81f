import type { WorkerAvailability } from '../availability/schema.ts';
import { availableOn } from '../availability/week.ts';
import type { Round } from '../rounds/schema.ts';
import { addDays, weekdayOf } from '../schedule/dates.ts';
import { VisitStatus } from '../visits/status.ts';
import { type ScheduleJob, type StoredVisit, visitsBetween } from '../visits/visits.ts';
import { roundsCovering, sameStreet } from './address-check.ts';

/** The book-appointment widget's settings (spec 002 sections 3, 5 and 9). */
export interface BookingRules {
  /** Days of notice: no booking sooner than this many days after today (0 to 365). */
  jobBookingBuffer: number;
  disableWeekendBookings: boolean;
  /** The days from today a booking may fall in, both ends included (0 to 1095). */
  minAndMaxRange: { min: number; max: number };
}

export interface AvailabilityInput {
  /** The business's today, `YYYY-MM-DD`. */
  today: string;
  rules: BookingRules;
  /** The customer's address. */
  address: string;
  rounds: readonly Pick<Round, '_id' | 'isPortalRound' | 'servicedPostcodes'>[];
  /** The jobs on the portal rounds, each with its location, and their stored visits. */
  jobs: readonly (ScheduleJob & { location?: { addressDescription: string } })[];
  visitRecords: readonly StoredVisit[];
  /** The account's default job duration. */
  defaultDuration?: number;
  /**
   * The workers' availability (the availability planner): when the business keeps any, a day on
   * which none of its workers has hours is not offered.
   */
  workers?: readonly WorkerAvailability[];
}

export interface Slot {
  date: string;
  /** The round the booking goes on. */
  roundId: string;
  /** The round already visits the customer's street that day: offered first. */
  onRound: boolean;
}

/** At most this many days are offered beyond the round's own dates (a 3-year range is 1,095). */
export const MAX_OTHER_DAYS = 90;

/**
 * The days a customer may book, round days first. The range is today + max(buffer, min) to
 * today + max, without Saturdays and Sundays when weekends are off. An address no portal round
 * serves gets nothing. When a portal round already visits the customer's street, the days its
 * jobs on that street are next planned come first (`onRound`), so the new job joins a visit
 * already in the van's day; then every other day of the range, on the round that serves the
 * postcode (else that street's round).
 */
export function availability(input: AvailabilityInput): Slot[] {
  const { today, rules, address } = input;
  const portal = input.rounds.filter((r) => r.isPortalRound);
  const portalIds = new Set(portal.map((r) => r._id));
  const neighbours = input.jobs.filter(
    (j) =>
      portalIds.has(j.rounds[0] ?? '') && j.location && sameStreet(j.location.addressDescription, address),
  );
  const covering = roundsCovering(portal, address);
  const home = covering[0]?._id ?? neighbours[0]?.rounds[0];
  if (!home) return [];

  const from = addDays(today, Math.max(rules.jobBookingBuffer, rules.minAndMaxRange.min));
  const to = addDays(today, rules.minAndMaxRange.max);
  if (to < from) return [];
  const workers = input.workers ?? [];
  const staffed = (d: string) => workers.length === 0 || workers.some((w) => availableOn(w, d) > 0);
  const open = (d: string) =>
    (!rules.disableWeekendBookings || (weekdayOf(d) !== 0 && weekdayOf(d) !== 6)) && staffed(d);

  const roundDays = new Map<string, string>();
  if (neighbours.length) {
    const visits = visitsBetween({
      jobs: neighbours,
      visitRecords: input.visitRecords,
      from,
      to,
      ...(input.defaultDuration ? { defaultDuration: input.defaultDuration } : {}),
    });
    for (const v of visits) {
      if (v.status !== VisitStatus.NotDone || !open(v.isoPlannedDate) || roundDays.has(v.isoPlannedDate))
        continue;
      roundDays.set(v.isoPlannedDate, v.rounds[0] ?? home);
    }
  }
  const slots: Slot[] = [...roundDays]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, roundId]) => ({ date, roundId, onRound: true }));
  let others = 0;
  for (let d = from; d <= to && others < MAX_OTHER_DAYS; d = addDays(d, 1)) {
    if (!open(d) || roundDays.has(d)) continue;
    slots.push({ date: d, roundId: home, onRound: false });
    others++;
  }
  return slots;
}
