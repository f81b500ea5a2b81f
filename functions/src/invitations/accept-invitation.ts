import { AppError } from '@roundwise/core';
import type { Deps } from '../context.ts';
import { join } from './join.ts';

/**
 * A signed-in user accepts one of the open invitations to their address (the profile screen's
 * list). Anything not open to them (withdrawn, expired, another address's) is "not found".
 */
export async function acceptInvitation(s: Deps, user: { userId: string; email: string }, accountId: string) {
  const taken = await s.invitations.take(accountId, user.email);
  if (!taken) throw new AppError('not-found', 'general.not-found');
  await join(s, taken, user.userId);
}
