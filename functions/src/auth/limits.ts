import { AppError } from '@roundwise/core';
import type { Deps } from '../context.ts';
import { MAIL_MAX_PER_ADDRESS, MAIL_WINDOW_MS } from './tokens.ts';

/** Counts one hit of `key`; past `max` in the window, refuses with 429 and the given message key. */
export async function enforceLimit(s: Deps, key: string, windowMs: number, max: number, code: string) {
  const hit = await s.auth.hitRateLimit(key, windowMs, max, s.now());
  if (!hit.allowed) throw new AppError('rate-limited', code, { retryAfterSeconds: hit.retryAfterSeconds });
}

/** Counts one mailed link to `email` for `purpose`; refuses with 429 past the hourly limit. */
export const limitMail = (s: Deps, purpose: 'reset' | 'verify', email: string) =>
  enforceLimit(
    s,
    `mail:${purpose}:${email.toLowerCase()}`,
    MAIL_WINDOW_MS,
    MAIL_MAX_PER_ADDRESS,
    'auth.mail-rate-limited',
  );
