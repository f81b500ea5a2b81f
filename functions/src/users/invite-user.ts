import { type Actor, AppError, newId, type Role, UserSettings } from '@roundwise/core';
import type { TokenRecord } from '@roundwise/db';
import { forget } from '../auth/actor.ts';
import { sendInvitation } from '../auth/mails.ts';
import { hashSecret, INVITE_DAYS, newSecret } from '../auth/tokens.ts';
import { addDays, type Services } from '../context.ts';

/**
 * Adds a person to the current account with the given roles. Someone new gets a user with no
 * password and a link to choose one; an existing user is added and told by mail.
 */
export async function inviteUser(
  s: Services,
  actor: Actor,
  input: { email: string; name: string; roles: Role[] },
) {
  if (input.roles.includes('Owner') && !actor.roles.includes('Owner')) {
    throw new AppError('forbidden', 'access.role-required', { roles: ['Owner'] });
  }
  const account = await s.auth.getAccount(actor.accountId);
  if (!account) throw new AppError('not-found', 'general.not-found');
  let user = await s.auth.getUserByEmail(input.email);
  let token: string | undefined;
  let invite: TokenRecord | undefined;
  if (user) {
    const existing = await s.auth.getMembership(user.userId, actor.accountId);
    if (existing && !existing.deactivated) throw new AppError('conflict', 'users.already-member');
  } else {
    const userId = newId();
    await s.auth.createUser({
      userId,
      email: input.email,
      name: input.name || input.email,
      passwordHash: '',
      emailVerified: false,
      developerMode: false,
      settings: UserSettings.parse({}),
      createdDate: s.now().toISOString(),
    });
    user = await s.auth.getUser(userId);
    token = newSecret();
    invite = {
      tokenHash: hashSecret(token),
      kind: 'invite',
      userId,
      accountId: actor.accountId,
      expiresAt: addDays(s.now(), INVITE_DAYS),
    };
  }
  if (!user) throw new AppError('not-found', 'general.not-found');
  await s.auth.putMembership({
    userId: user.userId,
    accountId: actor.accountId,
    roles: input.roles,
    deactivated: false,
    businessName: account.businessName,
  });
  forget();
  // The invitation's token, if any, is written with its mail (auth/mails.ts).
  await sendInvitation(s, input.email, account.businessName, token, invite);
  return { userId: user.userId, email: user.email, name: user.name, roles: input.roles, deactivated: false };
}
