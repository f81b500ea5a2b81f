import { z } from 'zod';

/**
 * The email settings' rules (spec 002 section 5, "Email settings"), one copy for the screen and
 * the API so both refuse the same address with the same key.
 */
const emailShape = z.email();

/** A single address as the spec's email validators accept it (trimmed first). */
export function isValidEmail(value: string): boolean {
  return emailShape.safeParse(value.trim()).success;
}

/** The reply-to address: empty or invalid is `email-settings.invalid-email` (checked on blur). */
export function replyToError(value: string): string | undefined {
  return isValidEmail(value) ? undefined : 'email-settings.invalid-email';
}

/** How a blocklist entry is stored: trimmed and lower-cased, so one address is blocked once. */
export function normaliseBlockedEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * The blocklist's three checks in the spec's order: fewer than 3 characters, already on the list,
 * then the email validator (whose message is the generic valid-email one).
 */
export function blocklistError(list: readonly string[], value: string): string | undefined {
  const email = normaliseBlockedEmail(value);
  if (email.length < 3) return 'validation.valid-email-required';
  if (list.some((e) => normaliseBlockedEmail(e) === email)) return 'email-settings.email-already-blocked';
  if (!isValidEmail(email)) return 'validation.valid-email-required';
  return undefined;
}
