import type { Actor } from '../access/model.ts';

/** What these rules read of an alert (`Alert`); zod-free, so the shell's badge builds no schema. */
type Alert = { audience: string[]; readBy: string[] };

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
