import { AppError } from '@roundwise/core';
import { recordEvent } from '../audit/record-event.ts';
import type { Deps } from '../context.ts';
import { deviceLabel, SecurityActions, signInDescription } from '../users/security-events.ts';
import { checkPassword } from './credentials.ts';
import { startSession } from './session.ts';

/**
 * Email and password sign-in, into the account used last (or the first still open to them). The
 * sign-in and a wrong password for a known address are audited with the browser's device family
 * (the users security view reads them).
 */
export async function login(
  s: Deps,
  input: { email: string; password: string; ip: string | undefined; userAgent?: string },
) {
  const device = deviceLabel(input.userAgent);
  let user: Awaited<ReturnType<typeof checkPassword>>;
  try {
    user = await checkPassword(s, input);
  } catch (error) {
    if (error instanceof AppError && error.code === 'auth.invalid-credentials') {
      await recordFailure(s, input.email, device);
    }
    throw error;
  }
  const memberships = (await s.auth.listMembershipsOfUser(user.userId)).filter((m) => !m.deactivated);
  const account = memberships.find((m) => m.accountId === user.lastAccountId) ?? memberships[0];
  if (!account) throw new AppError('forbidden', 'auth.user-deactivated');
  const session = await startSession(s, user.userId, account.accountId);
  await recordEvent(s, account.accountId, {
    action: SecurityActions.signIn,
    createdBy: user.email,
    subject: { id: user.userId, resourceType: 'user' },
    summary: `${user.email} signed in`,
    description: signInDescription(device),
  });
  return session;
}

/**
 * A wrong password for an address that has an account, in the account it signs into. An unknown
 * address has no account to record it in; the answer to both stays the same.
 */
async function recordFailure(s: Deps, email: string, device: string) {
  const user = await s.auth.getUserByEmail(email);
  if (!user) return;
  const memberships = (await s.auth.listMembershipsOfUser(user.userId)).filter((m) => !m.deactivated);
  const account = memberships.find((m) => m.accountId === user.lastAccountId) ?? memberships[0];
  if (!account) return;
  await recordEvent(s, account.accountId, {
    action: SecurityActions.signInFailed,
    createdBy: user.email,
    subject: { id: user.userId, resourceType: 'user' },
    summary: `Failed sign-in for ${user.email}`,
    description: signInDescription(device),
  });
}
