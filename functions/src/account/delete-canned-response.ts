import type { Deps } from '../context.ts';
import { settingsOf, writeSettings } from './account-settings.ts';

/** Deletes a canned response; an id that is not there changes nothing. */
export async function deleteCannedResponse(s: Deps, accountId: string, id: string) {
  const settings = await settingsOf(s, accountId);
  const cannedResponses = settings.cannedResponses.filter((r) => r.id !== id);
  if (cannedResponses.length === settings.cannedResponses.length) return;
  await writeSettings(s, accountId, { ...settings, cannedResponses });
}
