import { AppError } from '@roundwise/core';
import type { Deps } from '../context.ts';
import { forget } from './actor.ts';
import { hashSecret } from './tokens.ts';

/** Opens a verification link: the token works once, then the email counts as verified. */
export async function verifyEmail(s: Deps, token: string) {
  const record = await s.auth.consumeToken(hashSecret(token), 'verify');
  if (!record) throw new AppError('validation', 'auth.token-invalid');
  await s.auth.updateUser(record.userId, { emailVerified: true });
  forget();
}
