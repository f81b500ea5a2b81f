import { AppError } from '@roundwise/core';
import { forget } from '../auth/actor.ts';
import type { Deps } from '../context.ts';

/** Moves the session to another account the user belongs to; any other id is "not found". */
export async function switchAccount(
  s: Deps,
  session: { tokenHash: string; userId: string },
  accountId: string,
) {
  const membership = await s.auth.getMembership(session.userId, accountId);
  if (!membership || membership.deactivated) throw new AppError('not-found', 'general.not-found');
  await s.auth.setSessionAccount(session.tokenHash, accountId);
  await s.auth.updateUser(session.userId, { lastAccountId: accountId });
  forget(session.tokenHash);
}
