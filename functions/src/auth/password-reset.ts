import { AppError } from '@roundwise/core';
import { addHours, type Services } from '../context.ts';
import { forget } from './actor.ts';
import { limitMail } from './limits.ts';
import { sendPasswordReset } from './mails.ts';
import { hashPassword } from './password.ts';
import { hashSecret, newSecret, RESET_HOURS } from './tokens.ts';

/**
 * Always answers the same, so the form does not tell who has an account (the hourly limit counts
 * the address asked for, whether or not it has one).
 */
export async function requestPasswordReset(s: Services, email: string) {
  await limitMail(s, 'reset', email);
  const user = await s.auth.getUserByEmail(email);
  if (!user) return;
  const token = newSecret();
  // The token and its mail in one write; the mail is sent by the outbox's dispatcher, outside this
  // request, so a known address answers as fast as an unknown one (no account enumeration by time).
  await sendPasswordReset(s, user.email, token, {
    tokenHash: hashSecret(token),
    kind: 'reset',
    userId: user.userId,
    expiresAt: addHours(s.now(), RESET_HOURS),
  });
}

/**
 * Sets a new password from a reset or invitation link. Opening the link proves the mailbox, so
 * the email becomes verified; sessions that started before the change end.
 */
export async function setPasswordWithToken(
  s: Services,
  input: { token: string; password: string; kind: 'reset' | 'invite'; name?: string },
) {
  const record = await s.auth.consumeToken(hashSecret(input.token), input.kind);
  if (!record) throw new AppError('validation', 'auth.token-invalid');
  await s.auth.updateUser(record.userId, {
    passwordHash: await hashPassword(input.password),
    passwordChangedAt: s.now().toISOString(),
    emailVerified: true,
    ...(input.name ? { name: input.name } : {}),
  });
  forget();
  return record;
}
