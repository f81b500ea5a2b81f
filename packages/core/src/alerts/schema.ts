import { z } from 'zod';
import type { Actor } from '../access/model.ts';
import { Id } from '../entity.ts';
import { RequiredText, TextList, TrimmedText } from '../text.ts';

/** Spec 000 section 3, "Alert: audience (list of email addresses)"; the other fields are ours. */
export const AlertFields = z.object({
  title: RequiredText('alerts.title-required', 200),
  message: TrimmedText(5000).default(''),
  /** Email addresses the alert is for; empty means everyone in the account. */
  audience: TextList(254, 500)
    .transform((emails) => emails.map((e) => e.toLowerCase()))
    .default([]),
});

export const Alert = AlertFields.extend({
  _id: Id,
  createdDate: z.string(),
  /** User ids that have read it. */
  readBy: z.array(z.string()).default([]),
});
export type Alert = z.infer<typeof Alert>;

/**
 * Spec 000 section 6: "Admin, Owner and Creator see all alerts; others see only alerts whose
 * audience includes their own email". We read an empty audience as "everyone", so it shows to all.
 */
export function alertsVisibleTo<T extends Pick<Alert, 'audience'>>(
  actor: Pick<Actor, 'roles' | 'email'>,
  alerts: T[],
): T[] {
  if (actor.roles.some((r) => r === 'Owner' || r === 'Admin' || r === 'Creator')) return alerts;
  const email = actor.email.toLowerCase();
  return alerts.filter((a) => a.audience.length === 0 || a.audience.some((e) => e.toLowerCase() === email));
}

/** The alert count of the badge: visible alerts this user has not read. */
export function unreadAlertCount(
  actor: Pick<Actor, 'roles' | 'email' | 'userId'>,
  alerts: Pick<Alert, 'audience' | 'readBy'>[],
) {
  return alertsVisibleTo(actor, alerts).filter((a) => !a.readBy.includes(actor.userId)).length;
}
