import { AppError } from '../errors.ts';
import { type Actor, atLeast, type FeatureFlag, isSubscribed, type Level, type Role } from './model.ts';

/**
 * A rule about who may do something. Every part present must hold: one of `roles`, at least
 * `minLevel`, one of `flagsAny`, every one of `flagsAll`, and `condition`.
 */
export interface Access {
  roles?: readonly Role[];
  minLevel?: Level;
  flagsAny?: readonly FeatureFlag[];
  flagsAll?: readonly FeatureFlag[];
  /** Extra rule in plain code; `conditionKey` names it for the refusal message. */
  condition?: (actor: Actor) => boolean;
  conditionKey?: string;
  /** Allowed while not subscribed (the spec lets such users reach users, account, about...). */
  whenNotSubscribed?: boolean;
}

export type AccessResult = { ok: true } | { ok: false; error: AppError };

export function checkAccess(access: Access, actor: Actor): AccessResult {
  if (!access.whenNotSubscribed && !isSubscribed(actor.subscription)) {
    return deny('access.not-subscribed', {});
  }
  if (access.roles && !access.roles.some((r) => actor.roles.includes(r))) {
    return deny('access.role-required', { roles: [...access.roles] });
  }
  if (access.minLevel && !atLeast(actor.level, access.minLevel)) {
    return deny('access.level-required', { level: access.minLevel });
  }
  if (access.flagsAny && !access.flagsAny.some((f) => actor.flags.includes(f))) {
    return deny('access.feature-required', { features: [...access.flagsAny] });
  }
  if (access.flagsAll && !access.flagsAll.every((f) => actor.flags.includes(f))) {
    return deny('access.feature-required', { features: [...access.flagsAll] });
  }
  if (access.condition && !access.condition(actor)) {
    return deny(access.conditionKey ?? 'access.condition-not-met', {});
  }
  return { ok: true };
}

export function assertAccess(access: Access, actor: Actor): void {
  const result = checkAccess(access, actor);
  if (!result.ok) throw result.error;
}

const deny = (code: string, params: Record<string, string | string[]>): AccessResult => ({
  ok: false,
  error: new AppError('forbidden', code, params),
});
