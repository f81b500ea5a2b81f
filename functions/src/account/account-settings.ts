import { type AccountSettings, AppError } from '@roundwise/core';
import { forget } from '../auth/actor.ts';
import type { Deps } from '../context.ts';

/**
 * Read and write of the account's settings for the settings screens' endpoints. Each write reads
 * the account afresh (the session's copy may be a few seconds old) and is made only after its
 * checks, so a refusal writes nothing.
 */
export async function settingsOf(s: Deps, accountId: string): Promise<AccountSettings> {
  const account = await s.auth.getAccount(accountId);
  if (!account) throw new AppError('not-found', 'general.not-found');
  return account.settings;
}

export async function writeSettings(s: Deps, accountId: string, settings: AccountSettings) {
  await s.auth.updateAccount(accountId, { settings });
  // Sessions cache their account: the next `me` must show the change.
  forget();
}
