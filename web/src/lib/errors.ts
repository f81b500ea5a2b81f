import { type AppError, isAppError } from '@roundwise/core';
import type { TFunction } from 'i18next';

/**
 * Failures on the web are core's `AppError` (the HTTP client, the offline layer and a command's
 * own run all throw it); these read one for the screens and the retry rules.
 */

/** The user-safe text of a failure: its message key's text, else a general one. */
export function errorText(t: TFunction, error: unknown): string {
  if (!isAppError(error)) return t('general.error');
  const params = Object.fromEntries(
    Object.entries(error.params).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
  );
  return t(error.code, { ...params, defaultValue: t('general.error') });
}

/**
 * Worth retrying with the same commandId: no answer, a concurrent write (409 `general.conflict`,
 * `command.in-progress`), rate limiting, a fault on the server, and 401: a session that ran out
 * during weeks offline must not throw away the work queued meanwhile; the command waits for the
 * user to sign in again. Anything that is not an AppError (a bug, a TypeError) is retried too.
 */
export function isTransient(error: unknown): boolean {
  return !isAppError(error) || TRANSIENT.has(error.kind);
}
const TRANSIENT = new Set<AppError['kind']>([
  'offline',
  'unauthenticated',
  'conflict',
  'rate-limited',
  'unavailable',
  'internal',
]);

/** A refusal: the server (or the same rules here) answered and will answer the same again. */
export const isRefusal = (error: unknown): error is AppError => !isTransient(error);

/** Did the request get an answer (the server is reachable, whatever it said)? */
export const answered = (error: unknown): boolean => isAppError(error) && error.kind !== 'offline';
