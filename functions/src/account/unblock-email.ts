import { normaliseBlockedEmail } from '@roundwise/core';
import type { Deps } from '../context.ts';
import { settingsOf, writeSettings } from './account-settings.ts';

/** Takes an address off the blocklist; one that is not on it changes nothing. */
export async function unblockEmail(s: Deps, accountId: string, email: string) {
  const settings = await settingsOf(s, accountId);
  const target = normaliseBlockedEmail(email);
  const ignoredEmails = settings.ignoredEmails.filter((e) => normaliseBlockedEmail(e) !== target);
  if (ignoredEmails.length === settings.ignoredEmails.length) return;
  await writeSettings(s, accountId, { ...settings, ignoredEmails });
}
