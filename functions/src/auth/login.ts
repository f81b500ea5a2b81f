import { AppError } from '@roundwise/core';
import type { Services } from '../context.ts';
import { decoyHash, verifyPassword } from './password.ts';
import { startSession } from './session.ts';
import { LOGIN_MAX_PER_EMAIL, LOGIN_MAX_PER_IP, LOGIN_WINDOW_MS } from './tokens.ts';

/**
 * Email and password sign-in, rate-limited per email and per client address. A wrong email and
 * a wrong password get the same answer in about the same time.
 */
export async function login(s: Services, input: { email: string; password: string; ip: string | undefined }) {
  const now = s.now();
  const allowAll = { allowed: true, retryAfterSeconds: 0 };
  // The per-address limit needs an address a proxy vouches for; direct local calls share one.
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
  const memberships = (await s.auth.listMembershipsOfUser(user.userId)).filter((m) => !m.deactivated);
  const account = memberships.find((m) => m.accountId === user.lastAccountId) ?? memberships[0];
  if (!account) throw new AppError('forbidden', 'auth.user-deactivated');
  return startSession(s, user.userId, account.accountId);
}
