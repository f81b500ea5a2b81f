import { AppError, type Customers, type Notifications, type Visits } from '@roundwise/core';
import { EntityRepository, PublicLinks } from '@roundwise/db';
import { writeAccount } from '../commands/write-account.ts';
import type { Deps } from '../context.ts';

/**
 * The visit a message's public token rates (`/go/m/{token}/rate`): the token is the message's
 * own (server-issued, bound to one account and one message, docs/public-links.md), and the
 * message names its visit (`jobOccurrenceReminderId`, the visit's id). A message about no visit,
 * or not sent, rates nothing.
 */
export async function findRatedVisit(s: Deps, token: string) {
  const link = await new PublicLinks(s.db).find(token, 'message');
  if (!link) return undefined;
  const repo = new EntityRepository(s.db, link.accountId);
  const n = await repo.get<Notifications.Notification>('notification', link.recordId);
  if (!n?.sent || !n.jobOccurrenceReminderId) return undefined;
  const [visit, account] = await Promise.all([
    repo.get<Visits.VisitRecord>('visit', n.jobOccurrenceReminderId),
    s.auth.getAccount(link.accountId),
  ]);
  if (!visit || !account || visit.customerId !== n.customerId) return undefined;
  return { accountId: link.accountId, visitId: visit._id, visit, businessName: account.businessName };
}

/** "Ann Smith" -> "Ann S.": what a published rating may show of the customer. */
export const displayNameOf = (name: string) => {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]}.` : first;
};

/**
 * The customer's rating: 1 to 5 stars and feedback, once per visit (a second answer is
 * `ratings.already-rated`, the first kept), only for a visit done. Written like the customer's
 * other answers, so it syncs to the staff's devices.
 */
export async function rateVisit(
  s: Deps,
  found: NonNullable<Awaited<ReturnType<typeof findRatedVisit>>>,
  input: { rating: number; feedback: string },
) {
  if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5)
    throw new AppError('validation', 'ratings.rating-required');
  if (input.feedback.length > 2000) throw new AppError('validation', 'ratings.feedback-too-long');
  return writeAccount(
    s,
    found.accountId,
    async (store) => {
      const visit = await store.get<Visits.VisitRecord>('visit', found.visitId);
      if (!visit) throw new AppError('not-found', 'ratings.link-not-found');
      if (visit.rating) throw new AppError('conflict', 'ratings.already-rated');
      if (visit.status !== 1) throw new AppError('validation', 'ratings.visit-not-done');
      const customer = await store.get<Customers.Customer>('customer', visit.customerId);
      const rating = {
        rating: input.rating,
        feedback: input.feedback.trim(),
        date: s.now().toISOString(),
        displayName: displayNameOf(customer?.name ?? ''),
      };
      await store.put<Visits.VisitRecord>('visit', { ...visit, rating });
      return { result: rating };
    },
    { attempts: 3 },
  );
}
