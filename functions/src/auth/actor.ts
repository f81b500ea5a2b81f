import {
  type Account,
  type Actor,
  AppError,
  effectiveSubscription,
  type Me,
  type Membership,
  type Role,
  Sync,
  UserSettings,
} from '@roundwise/core';
import type { Deps } from '../context.ts';
import { SESSION_DAYS } from './tokens.ts';

export interface Signed {
  tokenHash: string;
  actor: Actor;
  me: Me;
}

/**
 * Who a session is, in its current account. Cached for a few seconds per instance so a burst of
 * commands does not re-read four items each time; role changes and deactivation take effect
 * within that time everywhere and at once on the instance that made them (see `forget`).
 */
const CACHE_MS = 3000;
const cache = new Map<string, { at: number; signed: Signed }>();

export function forget(tokenHash?: string) {
  if (tokenHash) cache.delete(tokenHash);
  else cache.clear();
}

export async function loadSigned(s: Deps, tokenHash: string): Promise<Signed | undefined> {
  const now = s.now();
  const hit = cache.get(tokenHash);
  if (hit && now.getTime() - hit.at < CACHE_MS) return hit.signed;
  const session = await s.auth.getSession(tokenHash);
  if (!session) return undefined;
  const [user, account, memberships] = await Promise.all([
    s.auth.getUser(session.userId),
    s.auth.getAccount(session.accountId),
    s.auth.listMembershipsOfUser(session.userId),
  ]);
  if (!user || !account) return undefined;
  // A password change ends every session that started before it.
  const startedAt = new Date(new Date(session.expiresAt).getTime() - SESSION_DAYS * 86_400_000).toISOString();
  if (user.passwordChangedAt && user.passwordChangedAt > startedAt) return undefined;
  const membership = memberships.find((m) => m.accountId === session.accountId);
  if (!membership || membership.deactivated) {
    throw new AppError('forbidden', 'auth.user-deactivated');
  }
  const signed = { tokenHash, ...buildActor(user, account, membership, memberships, now) };
  cache.set(tokenHash, { at: now.getTime(), signed });
  return signed;
}

interface UserRecord {
  userId: string;
  email: string;
  name: string;
  emailVerified: boolean;
  developerMode: boolean;
  settings?: Partial<UserSettings>;
  supportUser?: boolean;
}

export function buildActor(
  user: UserRecord,
  account: Account,
  membership: { roles: Role[] },
  memberships: Membership[],
  now: Date,
): { actor: Actor; me: Me } {
  const subscription = effectiveSubscription(account, now);
  const actor: Actor = {
    userId: user.userId,
    email: user.email,
    accountId: account.accountId,
    roles: membership.roles,
    level: account.level,
    subscription,
    flags: account.flags,
    developerMode: user.developerMode,
    emailVerified: user.emailVerified,
    settings: account.settings,
    supportUser: user.supportUser,
  };
  const me: Me = {
    user: {
      userId: user.userId,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      developerMode: user.developerMode,
      settings: UserSettings.parse(user.settings ?? {}),
    },
    account: { ...account, subscription, settings: Sync.visibleSettings(actor, account.settings) },
    memberships: memberships.filter((m) => !m.deactivated),
    roles: membership.roles,
    level: account.level,
    subscription,
    flags: account.flags,
    developerMode: user.developerMode,
  };
  return { actor, me };
}
