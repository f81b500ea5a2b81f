import { type Account, AccountSettings, newId, TRIAL_DAYS, UserSettings } from '@roundwise/core';
import { addDays, addHours, type Deps } from '../context.ts';
import { enforceLimit } from './limits.ts';
import { sendVerification } from './mails.ts';
import { hashPassword } from './password.ts';
import { startSession } from './session.ts';
import { hashSecret, MAIL_WINDOW_MS, newSecret, SIGNUP_MAX_PER_IP, VERIFY_HOURS } from './tokens.ts';

export interface SignupInput {
  email: string;
  password: string;
  name: string;
  businessName: string;
  /** The client's address when a proxy vouches for it: sign-ups from one address are limited. */
  ip?: string;
}

/**
 * A new business: its account (a trial at the top level, so every screen can be tried), its
 * Owner, a session, and a verification mail. The email guard makes a second sign-up with the
 * same address fail before anything else is written.
 */
export async function signup(s: Deps, input: SignupInput) {
  const now = s.now();
  if (input.ip)
    await enforceLimit(
      s,
      `signup:ip:${input.ip}`,
      MAIL_WINDOW_MS,
      SIGNUP_MAX_PER_IP,
      'auth.signup-rate-limited',
    );
  const userId = newId();
  const accountId = newId();
  await s.auth.createUser({
    userId,
    email: input.email,
    name: input.name,
    passwordHash: await hashPassword(input.password),
    emailVerified: false,
    developerMode: false,
    settings: UserSettings.parse({}),
    createdDate: now.toISOString(),
  });
  const account: Account = {
    accountId,
    businessName: input.businessName,
    dataEmail: input.email,
    dataOwnerName: input.name,
    level: 'Ultimate',
    subscription: 'trial',
    trialEndsAt: addDays(now, TRIAL_DAYS).toISOString(),
    flags: [],
    settings: AccountSettings.parse({}),
    createdDate: now.toISOString(),
  };
  await s.auth.putAccount(account);
  await s.auth.putMembership({
    userId,
    accountId,
    roles: ['Owner'],
    deactivated: false,
    businessName: input.businessName,
  });
  await mailVerification(s, userId, input.email, input.name);
  return startSession(s, userId, accountId);
}

export async function mailVerification(s: Deps, userId: string, email: string, name: string) {
  const token = newSecret();
  const now = s.now();
  // The token and its mail in one write (auth/mails.ts).
  await sendVerification(s, email, name, token, {
    tokenHash: hashSecret(token),
    kind: 'verify',
    userId,
    createdAt: now,
    expiresAt: addHours(now, VERIFY_HOURS),
  });
}
