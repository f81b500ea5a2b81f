import { z } from 'zod';

/**
 * A customer's rating of a visit as published (spec 001 section 3, "Public customer appointment
 * rating"): the visit it rates (`appointmentId`, the visit's id), the name shown, 1 to 5 stars,
 * the feedback and the day it was given. Published ratings are kept in the account's global
 * public ratings setting (`AccountSettings.publicRatings`); unpublishing removes one.
 */
export const PublicRating = z.object({
  appointmentId: z.string().min(1).max(200),
  displayName: z.string().max(100),
  rating: z.number().int().min(1, 'ratings.rating-required').max(5),
  feedback: z.string().max(2000).default(''),
  date: z.string().max(40),
});
export type PublicRating = z.infer<typeof PublicRating>;

/** How many published ratings an account keeps (one setting item stays well under its size). */
export const MAX_PUBLIC_RATINGS = 500;

/** Spec 001 section 4: unpublished to published adds the rating (once per visit). */
export function publishRating(list: readonly PublicRating[], rating: PublicRating): PublicRating[] {
  const others = list.filter((r) => r.appointmentId !== rating.appointmentId);
  return [rating, ...others].slice(0, MAX_PUBLIC_RATINGS);
}

/** Spec 001 section 4: published to unpublished removes it. */
export const unpublishRating = (list: readonly PublicRating[], appointmentId: string): PublicRating[] =>
  list.filter((r) => r.appointmentId !== appointmentId);

/**
 * The published ratings, newest first (what the portal's my-ratings widget shows): from the
 * account's settings, `limit` of them, with the average of all published.
 */
export function publishedRatings(
  settings: { publicRatings?: readonly PublicRating[] },
  options: { limit?: number } = {},
): { ratings: PublicRating[]; count: number; average: number | null } {
  const all = [...(settings.publicRatings ?? [])].sort((a, b) => b.date.localeCompare(a.date));
  const average = all.length
    ? Math.round((all.reduce((s, r) => s + r.rating, 0) / all.length) * 10) / 10
    : null;
  return { ratings: all.slice(0, options.limit ?? all.length), count: all.length, average };
}
