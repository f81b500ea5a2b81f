import type { InvitationRecord } from '@roundwise/db';
import { recordEvent } from '../audit/record-event.ts';
import { forget } from '../auth/actor.ts';
import type { Deps } from '../context.ts';

/**
 * Makes an accepted invitation's person a member with its roles, and retires its link. An
 * active membership (they joined some other way meanwhile) stays as it is.
 */
export async function join(s: Deps, invitation: InvitationRecord, userId: string) {
  const [account, current] = await Promise.all([
    s.auth.getAccount(invitation.accountId),
    s.auth.getMembership(userId, invitation.accountId),
  ]);
  if (account && (!current || current.deactivated)) {
    await s.auth.putMembership({
      userId,
      accountId: invitation.accountId,
      roles: invitation.roles,
      deactivated: false,
      businessName: account.businessName,
    });
  }
  await s.auth.consumeToken(invitation.tokenHash, 'invite');
  forget();
  await recordEvent(s, invitation.accountId, {
    action: 'invitations.accept',
    createdBy: invitation.email,
    subject: { id: userId, resourceType: 'user' },
    summary: `${invitation.email} joined as ${invitation.roles.join(', ')}`,
  });
}
