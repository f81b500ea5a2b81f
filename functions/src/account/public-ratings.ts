import { AppError, Visits } from '@roundwise/core';
import { readAccount } from '../commands/write-account.ts';
import type { Deps } from '../context.ts';
import { settingsOf, writeSettings } from './account-settings.ts';

/**
 * The rating view dialog's publish and unpublish (spec 001 sections 2.11 and 4): a visit's
 * rating is added to, or removed from, the account's global public ratings setting, which the
 * portal's my-ratings widget reads (`Visits.publishedRatings`).
 */
export async function setRatingPublished(s: Deps, accountId: string, visitId: string, published: boolean) {
  const visit = await readAccount(s, accountId).get<Visits.VisitRecord>('visit', visitId);
  if (!visit?.rating) throw new AppError('not-found', 'ratings.not-found');
  const settings = await settingsOf(s, accountId);
  const publicRatings = published
    ? Visits.publishRating(settings.publicRatings, {
        appointmentId: visit._id,
        displayName: visit.rating.displayName,
        rating: visit.rating.rating,
        feedback: visit.rating.feedback,
        date: visit.rating.date,
      })
    : Visits.unpublishRating(settings.publicRatings, visit._id);
  await writeSettings(s, accountId, { ...settings, publicRatings });
}
