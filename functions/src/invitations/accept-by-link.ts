import { AppError, newId, UserSettings } from '@roundwise/core';
import { checkPassword } from '../auth/credentials.ts';
import { hashPassword } from '../auth/password.ts';
import { startSession } from '../auth/session.ts';
import type { Deps } from '../context.ts';
import { join } from './join.ts';
import { readInvitation } from './read-invitation.ts';

/**
 * Accepts an invitation from its mailed link and signs in to that account. Someone new chooses a
 * password (the link proves the mailbox, so the email is verified); someone with an account
 * gives its password. Everything is checked first; taking the invitation off the table is the
 * one step that decides, so a refused or raced request changes nothing.
 */
export async function acceptByLink(
  s: Deps,
  input: { token: string; password: string; name?: string; ip: string | undefined },
) {
  const { invitation, tokenHash } = await readInvitation(s, input.token);
  const { email } = invitation;
  const existing = await s.auth.getUserByEmail(email);
  if (existing) await checkPassword(s, { email, password: input.password, ip: input.ip });
  const passwordHash = existing ? undefined : await hashPassword(input.password);
  const taken = await s.invitations.take(invitation.accountId, email, tokenHash);
  if (!taken) throw new AppError('validation', 'auth.token-invalid');
  const now = s.now().toISOString();
  let userId = existing?.userId;
  if (userId) {
    if (!existing?.emailVerified) await s.auth.updateUser(userId, { emailVerified: true });
  } else {
    userId = newId();
    try {
      await s.auth.createUser({
        userId,
        email,
        name: input.name || taken.name || email,
        passwordHash: passwordHash ?? '',
        emailVerified: true,
        developerMode: false,
        settings: UserSettings.parse({}),
        createdDate: now,
      });
    } catch (error) {
      // The address signed up on its own a moment ago: the offer stands, for them to accept.
      await s.invitations.put(taken);
      throw error;
    }
  }
  await join(s, taken, userId);
  return startSession(s, userId, taken.accountId);
}
