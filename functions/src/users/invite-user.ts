import { type Actor, AppError, type Role } from '@roundwise/core';
import type { TokenRecord } from '@roundwise/db';
import { recordEvent } from '../audit/record-event.ts';
import { sendInvitation } from '../auth/mails.ts';
import { hashSecret, INVITE_DAYS, newSecret } from '../auth/tokens.ts';
import { addDays, type Deps } from '../context.ts';
import { invitationView } from './list-invitations.ts';

/**
 * Invites an address to the current account with the given roles: an offer, mailed with a link to
 * accept or decline it. Nobody is added and no user is created until the person accepts, and the
 * answer is the same whether or not the address has a Roundwise account. Inviting the address
 * again sends a new link (the older ones stop working) with the roles given now.
 */
export async function inviteUser(
  s: Deps,
  actor: Actor,
  input: { email: string; name: string; roles: Role[] },
) {
  if (input.roles.includes('Owner') && !actor.roles.includes('Owner')) {
    throw new AppError('forbidden', 'access.role-required', { roles: ['Owner'] });
  }
  const account = await s.auth.getAccount(actor.accountId);
  if (!account) throw new AppError('not-found', 'general.not-found');
  const user = await s.auth.getUserByEmail(input.email);
  const member = user && (await s.auth.getMembership(user.userId, actor.accountId));
  if (member && !member.deactivated) throw new AppError('conflict', 'users.already-member');
  const token = newSecret();
  const tokenHash = hashSecret(token);
  const now = s.now();
  const expiresAt = addDays(now, INVITE_DAYS);
  const email = input.email.trim().toLowerCase();
  const tokenRecord: TokenRecord = {
    tokenHash,
    kind: 'invite',
    accountId: actor.accountId,
    email,
    createdAt: now,
    expiresAt,
  };
  const invitation = {
    accountId: actor.accountId,
    email,
    name: input.name,
    roles: input.roles,
    deactivated: false,
    tokenHash,
    invitedBy: actor.userId,
    invitedAt: now,
    expiresAt,
  };
  await s.invitations.put(invitation);
  // The link's token is written with its mail, in one transaction (auth/mails.ts).
  await sendInvitation(s, email, account.businessName, token, tokenRecord);
  await recordEvent(s, actor.accountId, {
    action: 'users.invite',
    createdBy: actor.email,
    subject: { id: email, resourceType: 'invitation' },
    summary: `Invited ${email} as ${input.roles.join(', ')}`,
  });
  return invitationView(invitation, now);
}
