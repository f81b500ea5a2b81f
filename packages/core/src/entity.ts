import { z } from 'zod';
import type { areas } from './areas.ts';
import { isIsoDate } from './schedule/dates.ts';

/** Fields every stored entity carries (DESIGN.md section 3). The store sets them, never a command. */
export const Meta = z.object({
  _id: z.string().min(1).max(64),
  _version: z.number().int().nonnegative(),
  _updatedAt: z.string(),
  _deleted: z.boolean().optional(),
});
export type Meta = z.infer<typeof Meta>;

/**
 * A synced entity type: the names the areas declare (`areas.ts`), one name per concept across core,
 * API and web. The spec's "tag of type round" is the `round` entity.
 */
export type EntityType = (typeof areas)[number]['entities'][number]['type'];

export type Entity<T = Record<string, unknown>> = T & Meta;

/** A synced change: the entity after the write (a tombstone when `_deleted`). */
export interface Change {
  type: EntityType;
  entity: Entity;
}

/**
 * A record's id. No control characters: an id travels in keys, object names, page addresses and
 * file names, where a NUL or a line break breaks the carrier (a 500 instead of a refusal).
 */
export const Id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^\P{Cc}+$/u, 'general.id-invalid');
/**
 * A calendar date, `YYYY-MM-DD`, that exists (not `2026-02-30` or `2025-13-01`), in the years
 * `isIsoDate` allows. Every schema that takes a date uses this one.
 */
export const IsoDate = z.string().refine(isIsoDate, 'validation.date-invalid');
let timeZones: ReadonlySet<string> | undefined;
/** An IANA zone this runtime knows (`Intl.supportedValuesOf`), or `UTC`, which the list leaves out. */
export function isTimeZone(zone: string): boolean {
  timeZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return timeZones.has(zone);
}
/** A business's time zone: one the date formatting can use, else every page showing it would fail. */
export const TimeZone = z.string().max(64).refine(isTimeZone, 'validation.time-zone-invalid');

/** The last moment a schedule may name: the end of the last year a date may have (`isIsoDate`). */
export const LAST_SEND_AT_SECONDS = Date.UTC(2200, 0, 1) / 1000 - 1;
/**
 * A message's or a campaign's send time, in Unix seconds. Capped with the dates' years: a typo of
 * a year (1e13) is refused, never a time no clock can write down.
 */
export const SendAtSeconds = z
  .number()
  .int()
  .positive()
  .max(LAST_SEND_AT_SECONDS, 'time-picker.date-too-far');
export const Money = z.number().finite().min(-10_000_000).max(10_000_000);
/** A price (a job's, a visit's, a service's default): never negative, the spec names no credit price. */
export const Price = Money.min(0, 'visits.price-not-negative');
/**
 * A colour as `#rrggbb`, the only form the screens draw (rounds, teams). Anything else (a CSS
 * `url(...)`, a named colour) is refused: a stored colour is put into every viewer's styles.
 */
export const HexColour = (messageKey: string) => z.string().regex(/^#[0-9a-fA-F]{6}$/, messageKey);
export const LngLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
export const Location = z.object({
  lngLat: LngLat.optional(),
  addressDescription: z.string().max(500).default(''),
  isVerified: z.boolean().default(false),
});
export type Location = z.infer<typeof Location>;

/**
 * The fields of `schema`, each optional and with no default: a patch changes only the fields it
 * names. (zod's `.partial()` keeps defaults, which would reset every field a patch leaves out.)
 */
export function patchOf<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => {
      const inner = field instanceof z.ZodDefault ? field.unwrap() : field;
      return [key, (inner as z.ZodType).optional()];
    }),
  );
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof S]: z.ZodOptional<S[K]> }>;
}
