import { AppError, replyToError } from '@roundwise/core';
import type { Deps } from '../context.ts';
import { settingsOf, writeSettings } from './account-settings.ts';

/** The one-way provider's reply-to address (spec 002 section 2.1): valid, else `email-settings.invalid-email`. */
export async function setReplyTo(s: Deps, accountId: string, customReplyTo: string) {
  const error = replyToError(customReplyTo);
  if (error) throw new AppError('validation', error);
  const settings = await settingsOf(s, accountId);
  await writeSettings(s, accountId, { ...settings, customReplyTo: customReplyTo.trim() });
}
