import { AppError } from '@roundwise/core';
import { hashSecret } from '../auth/tokens.ts';
import type { Deps } from '../context.ts';

/**
 * What an invitation link offers, checked and changing nothing: the link must be the newest one
 * sent for that invitation and not expired (`auth.token-invalid`); an invitation the account has
 * withdrawn is refused with 403 `auth.user-deactivated`.
 */
export async function readInvitation(s: Deps, token: string) {
  const tokenHash = hashSecret(token);
  const link = await s.auth.getToken(tokenHash, 'invite');
  const invitation = link && (await s.invitations.get(link.accountId, link.email));
  const account = invitation && (await s.auth.getAccount(invitation.accountId));
  if (!invitation || !account || invitation.tokenHash !== tokenHash || invitation.expiresAt <= s.now()) {
    throw new AppError('validation', 'auth.token-invalid');
  }
  if (invitation.deactivated) throw new AppError('forbidden', 'auth.user-deactivated');
  return { invitation, tokenHash, businessName: account.businessName };
}
