import { AppError } from '@roundwise/core';
import type { Services } from '../context.ts';
import { MAIL_MAX_PER_ADDRESS, MAIL_WINDOW_MS } from './tokens.ts';

/** Counts one mailed link to `email` for `purpose`; refuses with 429 past the hourly limit. */
export async function limitMail(s: Services, purpose: 'reset' | 'verify', email: string) {
  const hit = await s.auth.hitRateLimit(
    `mail:${purpose}:${email.toLowerCase()}`,
    MAIL_WINDOW_MS,
    MAIL_MAX_PER_ADDRESS,
    s.now(),
  );
  if (!hit.allowed)
    throw new AppError('rate-limited', 'auth.mail-rate-limited', {
      retryAfterSeconds: hit.retryAfterSeconds,
    });
}
