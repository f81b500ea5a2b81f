import { z } from 'zod';
import { Id, IsoDate } from '../entity.ts';

/** Spec 001 section 3 names weekdays by name; Monday first (ISO weeks). */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Hours in one day: 0 to 24. */
export const Hours = z
  .number('availability.hours-invalid')
  .min(0, 'availability.hours-invalid')
  .max(24, 'availability.hours-invalid');

/** At most this many per-date overrides a worker keeps (one record; a few years of exceptions). */
export const MAX_OVERRIDES = 1000;

/**
 * A worker's availability (spec 001 section 3, "Worker"): skills, hours per weekday, and hours on
 * given dates that override them. One record per member, `_id` their user id: the worker's name
 * and roles stay the account's (`GET /api/people`).
 */
export const WorkerAvailability = z.object({
  _id: Id,
  skills: z.array(z.string().trim().min(1).max(60)).max(50).default([]),
  defaultAvailability: z.partialRecord(z.enum(WEEKDAYS), Hours).default({}),
  availability: z
    .record(IsoDate, Hours)
    .refine((r) => Object.keys(r).length <= MAX_OVERRIDES, 'general.record-too-large')
    .default({}),
});
export type WorkerAvailability = z.infer<typeof WorkerAvailability>;
