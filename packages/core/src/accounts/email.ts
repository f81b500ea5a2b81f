/**
 * The sign-in address rule without zod, so the sign-in page (the first download) need not load it.
 * `Email` in schema.ts is built from the same pattern and limit; a test holds the two together.
 */

/** zod's own email pattern (`z.regexes.email`). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const EMAIL_MAX = 254;

/** The address as stored (trimmed, lower case), or the message key when it is not one. */
export function parseEmail(value: string): { email: string } | { error: 'auth.email-invalid' } {
  const email = value.trim().toLowerCase();
  return EMAIL_PATTERN.test(email) && email.length <= EMAIL_MAX ? { email } : { error: 'auth.email-invalid' };
}
