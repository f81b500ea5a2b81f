import { z } from 'zod';
import { Id, IsoDate, Location } from '../entity.ts';
import { FrequencyType } from '../jobs/schema.ts';

/** Spec 000 section 3: default every 4 weeks from today. */
export const FrequencyData = z.object({
  type: FrequencyType,
  interval: z.number().int().min(1).max(104),
  firstScheduledDate: IsoDate,
  dayOfMonth: z.number().int().min(1).max(31).optional(),
  weekOfMonth: z.number().int().min(1).max(5).optional(),
  dayOfWeek: z.number().int().min(0).max(6).optional(),
});
export type FrequencyData = z.infer<typeof FrequencyData>;

export const Round = z.object({
  _id: Id,
  /** The round's name (the spec keeps the tag's field name). */
  description: z.string(),
  color: z.string().max(20).default('#2563eb'),
  location: Location.optional(),
  frequencyData: FrequencyData.optional(),
  schedules: z.array(FrequencyData).default([]),
  isPortalRound: z.boolean().default(false),
  servicedPostcodes: z.array(z.string()).default([]),
});
export type Round = z.infer<typeof Round>;

/** Names compare case-insensitively after trimming (spec 000 section 5). */
export const sameRoundName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
