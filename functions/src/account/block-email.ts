import { AppError, blocklistError, normaliseBlockedEmail } from '@roundwise/core';
import type { Deps } from '../context.ts';
import { settingsOf, writeSettings } from './account-settings.ts';

/** Adds an address to the blocklist (`global.ignored-emails`) after the spec's three checks. */
export async function blockEmail(s: Deps, accountId: string, email: string) {
  const settings = await settingsOf(s, accountId);
  const error = blocklistError(settings.ignoredEmails, email);
  if (error) throw new AppError('validation', error);
  await writeSettings(s, accountId, {
    ...settings,
    ignoredEmails: [...settings.ignoredEmails, normaliseBlockedEmail(email)],
  });
}
