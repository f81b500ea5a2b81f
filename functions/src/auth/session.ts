import { addDays, type Deps } from '../context.ts';
import { hashSecret, newSecret, SESSION_DAYS } from './tokens.ts';

/** A new session for a user in one of their accounts; the caller sets the cookie. */
export async function startSession(s: Deps, userId: string, accountId: string) {
  const token = newSecret();
  const expiresAt = addDays(s.now(), SESSION_DAYS);
  await s.auth.createSession({ tokenHash: hashSecret(token), userId, accountId, expiresAt });
  await s.auth.updateUser(userId, { lastAccountId: accountId });
  return { token, tokenHash: hashSecret(token), expiresAt };
}
