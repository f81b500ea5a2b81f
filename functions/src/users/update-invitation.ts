import { type Actor, AppError, type Role } from '@roundwise/core';
import type { Deps } from '../context.ts';
import { invitationView } from './list-invitations.ts';

/**
 * Changes an invitation's roles, or withdraws it (`deactivated`) and reinstates it. A withdrawn
 * invitation cannot be accepted; the address stays free to use Roundwise in every other way. Only
 * an Owner offers the Owner role.
 */
export async function updateInvitation(
  s: Deps,
  actor: Actor,
  email: string,
  patch: { roles?: Role[]; deactivated?: boolean },
) {
  if (patch.roles?.includes('Owner') && !actor.roles.includes('Owner')) {
    throw new AppError('forbidden', 'access.role-required', { roles: ['Owner'] });
  }
  const changed = await s.invitations.update(actor.accountId, email, {
    ...(patch.roles ? { roles: patch.roles } : {}),
    ...(patch.deactivated !== undefined ? { deactivated: patch.deactivated } : {}),
  });
  if (!changed) throw new AppError('not-found', 'general.not-found');
  return invitationView(changed, s.now());
}
