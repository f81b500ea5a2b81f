import type { Actor } from '@roundwise/core';
import type { InvitationRecord } from '@roundwise/db';
import type { Deps } from '../context.ts';

/**
 * An invitation as the inviting account sees it: the address, the name and roles the inviter gave,
 * and its state. Nothing about whether the address has a Roundwise account, or its profile.
 */
export const invitationView = (i: InvitationRecord, now: Date) => ({
  email: i.email,
  name: i.name,
  roles: i.roles,
  deactivated: i.deactivated,
  expired: i.expiresAt <= now,
});

/** The current account's invitations not yet accepted or declined. */
export async function listInvitations(s: Deps, actor: Actor) {
  const now = s.now();
  return (await s.invitations.listOfAccount(actor.accountId)).map((i) => invitationView(i, now));
}
