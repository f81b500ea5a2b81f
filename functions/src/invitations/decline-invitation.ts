import { AppError } from '@roundwise/core';
import type { Deps } from '../context.ts';
import { readInvitation } from './read-invitation.ts';

/** Declines an invitation from its mailed link: it is deleted, and its link with it. */
export async function declineByLink(s: Deps, token: string) {
  const { invitation, tokenHash } = await readInvitation(s, token);
  if (!(await s.invitations.delete(invitation.accountId, invitation.email, tokenHash))) {
    throw new AppError('validation', 'auth.token-invalid');
  }
  await s.auth.consumeToken(tokenHash, 'invite');
}

/** A signed-in user declines one of the open invitations to their address. */
export async function declineInvitation(s: Deps, email: string, accountId: string) {
  const invitation = await s.invitations.get(accountId, email);
  const open = invitation && !invitation.deactivated && invitation.expiresAt > s.now();
  const declined = open && (await s.invitations.delete(accountId, email, invitation.tokenHash));
  if (!declined) throw new AppError('not-found', 'general.not-found');
  await s.auth.consumeToken(declined.tokenHash, 'invite');
}
