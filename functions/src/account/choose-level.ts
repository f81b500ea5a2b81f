import type { Actor, Level } from '@roundwise/core';
import { forget } from '../auth/actor.ts';
import type { Deps } from '../context.ts';

/**
 * The Owner chooses a level through the billing adapter. The local adapter activates at once;
 * a real provider answers 'pending' with a checkout address and confirms by webhook later.
 */
export async function chooseLevel(s: Deps, actor: Actor, level: Level) {
  const result = await s.billing.subscribe({ accountId: actor.accountId, level });
  if (result.status === 'active') {
    await s.auth.updateAccount(actor.accountId, {
      level,
      subscription: 'subscribed',
      trialEndsAt: undefined,
    });
    forget();
  }
  return result;
}
