import { AppError } from '@roundwise/core';
import { addHours, type Deps } from '../context.ts';
import { forget } from './actor.ts';
import { limitMail } from './limits.ts';
import { sendPasswordReset } from './mails.ts';
import { hashPassword } from './password.ts';
import { hashSecret, newSecret, RESET_HOURS } from './tokens.ts';

/**
 * Always answers the same, so the form does not tell who has an account (the hourly limit counts
 * the address asked for, whether or not it has one).
 */
export async function requestPasswordReset(s: Deps, email: string) {
  await limitMail(s, 'reset', email);
  const user = await s.auth.getUserByEmail(email);
  if (!user) return;
  const token = newSecret();
  const now = s.now();
  // The token and its mail in one write; the mail is sent by the outbox's dispatcher, outside this
  // request, so a known address answers as fast as an unknown one (no account enumeration by time).
  await sendPasswordReset(s, user.email, token, {
    tokenHash: hashSecret(token),
    kind: 'reset',
    userId: user.userId,
    createdAt: now,
    expiresAt: addHours(now, RESET_HOURS),
  });
}

/**
 * Sets a new password from a reset link. A link mailed before the password last changed no longer
 * works (whichever link was used, or an invitation accepted). Everything is checked before the
 * link is used up, so a refused link changes nothing. Opening the link proves the mailbox, so the
 * email becomes verified; sessions that started before the change end.
 */
export async function resetPassword(s: Deps, input: { token: string; password: string }) {
  const tokenHash = hashSecret(input.token);
  const link = await s.auth.getToken(tokenHash, 'reset');
  const user = link && (await s.auth.getUser(link.userId));
  const changedAt = user?.passwordChangedAt ? Date.parse(user.passwordChangedAt) : undefined;
  if (!link || !user || (changedAt !== undefined && changedAt >= link.createdAt.getTime())) {
    throw new AppError('validation', 'auth.token-invalid');
  }
  const passwordHash = await hashPassword(input.password);
  if (!(await s.auth.consumeToken(tokenHash, 'reset')))
    throw new AppError('validation', 'auth.token-invalid');
  await s.auth.updateUser(user.userId, {
    passwordHash,
    passwordChangedAt: s.now().toISOString(),
    emailVerified: true,
  });
  forget();
}
