import { AppError } from '@roundwise/core';
import { recordEvent } from '../audit/record-event.ts';
import type { Deps } from '../context.ts';
import { checkPassword } from './credentials.ts';
import { startSession } from './session.ts';

/** Email and password sign-in, into the account used last (or the first still open to them). */
export async function login(s: Deps, input: { email: string; password: string; ip: string | undefined }) {
  const user = await checkPassword(s, input);
  const memberships = (await s.auth.listMembershipsOfUser(user.userId)).filter((m) => !m.deactivated);
  const account = memberships.find((m) => m.accountId === user.lastAccountId) ?? memberships[0];
  if (!account) throw new AppError('forbidden', 'auth.user-deactivated');
  const session = await startSession(s, user.userId, account.accountId);
  await recordEvent(s, account.accountId, {
    action: 'auth.sign-in',
    createdBy: user.email,
    subject: { id: user.userId, resourceType: 'user' },
    summary: `${user.email} signed in`,
  });
  return session;
}
