import { AppError } from '@roundwise/core';
import type { UserRecord } from '@roundwise/db';
import type { Deps } from '../context.ts';
import { decoyHash, verifyPassword } from './password.ts';
import { LOGIN_MAX_PER_EMAIL, LOGIN_MAX_PER_IP, LOGIN_WINDOW_MS } from './tokens.ts';

/**
 * The user an email and password belong to, rate-limited per email and per client address (sign
 * in, and accepting an invitation with an account one has). A wrong email and a wrong password
 * get the same answer in about the same time. Only the attempt counters are written.
 */
export async function checkPassword(
  s: Deps,
  input: { email: string; password: string; ip: string | undefined },
): Promise<UserRecord> {
  const now = s.now();
  const allowAll = { allowed: true, retryAfterSeconds: 0 };
  // The per-address limit needs an address the edge vouches for (api/edge.ts, clientAddress).
  const [byEmail, byIp] = await Promise.all([
    s.auth.hitRateLimit(`login:email:${input.email}`, LOGIN_WINDOW_MS, LOGIN_MAX_PER_EMAIL, now),
    input.ip ? s.auth.hitRateLimit(`login:ip:${input.ip}`, LOGIN_WINDOW_MS, LOGIN_MAX_PER_IP, now) : allowAll,
  ]);
  if (!byEmail.allowed || !byIp.allowed) {
    const retryAfterSeconds = Math.max(byEmail.retryAfterSeconds, byIp.retryAfterSeconds);
    throw new AppError('rate-limited', 'auth.rate-limited', { retryAfterSeconds });
  }
  const user = await s.auth.getUserByEmail(input.email);
  const ok = await verifyPassword(input.password, user?.passwordHash || (await decoyHash()));
  if (!user?.passwordHash || !ok) throw new AppError('unauthenticated', 'auth.invalid-credentials');
  return user;
}
