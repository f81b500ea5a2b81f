import { type Actor, AppError, type Role } from '@roundwise/core';
import { recordEvent } from '../audit/record-event.ts';
import { forget } from '../auth/actor.ts';
import type { Deps } from '../context.ts';

/**
 * Changes a member's roles or (de)activates them. Only members of the current account can be
 * reached (anyone else is "not found"); an Owner cannot be demoted or switched off here, and only
 * an Owner makes another Owner.
 */
export async function updateMember(
  s: Deps,
  actor: Actor,
  userId: string,
  patch: { roles?: Role[]; deactivated?: boolean },
) {
  const member = await s.auth.getMembership(userId, actor.accountId);
  if (!member) throw new AppError('not-found', 'general.not-found');
  const isOwner = member.roles.includes('Owner');
  if (isOwner && (patch.deactivated || (patch.roles && !patch.roles.includes('Owner')))) {
    throw new AppError('validation', 'users.cannot-change-owner');
  }
  if (patch.roles?.includes('Owner') && !isOwner && !actor.roles.includes('Owner')) {
    throw new AppError('forbidden', 'access.role-required', { roles: ['Owner'] });
  }
  const next = {
    ...member,
    roles: patch.roles ?? member.roles,
    deactivated: patch.deactivated ?? member.deactivated,
  };
  await s.auth.putMembership(next);
  forget();
  const user = await s.auth.getUser(userId);
  await recordEvent(s, actor.accountId, {
    action: 'users.update-member',
    createdBy: actor.email,
    subject: { id: userId, resourceType: 'user' },
    summary: `${user?.email ?? userId}: roles ${next.roles.join(', ')}${next.deactivated ? ', switched off' : ''}`,
    description: `roles: ${member.roles.join(', ')} -> ${next.roles.join(', ')}\ndeactivated: ${member.deactivated} -> ${next.deactivated}`,
  });
  return { userId, email: user?.email, name: user?.name, roles: next.roles, deactivated: next.deactivated };
}
