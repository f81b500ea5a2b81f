import type { AccountSettings } from '@roundwise/core';
import type { Deps } from '../context.ts';
import { settingsOf, writeSettings } from './account-settings.ts';

export type CannedResponse = AccountSettings['cannedResponses'][number];

/** Adds a canned response, or replaces the one with its id (`global.canned-responses`). */
export async function saveCannedResponse(s: Deps, accountId: string, response: CannedResponse) {
  const settings = await settingsOf(s, accountId);
  const exists = settings.cannedResponses.some((r) => r.id === response.id);
  const cannedResponses = exists
    ? settings.cannedResponses.map((r) => (r.id === response.id ? response : r))
    : [...settings.cannedResponses, response];
  await writeSettings(s, accountId, { ...settings, cannedResponses });
}
