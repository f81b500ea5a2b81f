import { createHash, randomBytes } from 'node:crypto';

/** A secret for a cookie or a mailed link; only its SHA-256 is stored. */
export const newSecret = (): string => randomBytes(32).toString('base64url');
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

export const SESSION_COOKIE = 'rw_session';
/** Sessions last 30 days from sign-in; a password change ends older ones. */
export const SESSION_DAYS = 30;
export const VERIFY_HOURS = 48;
export const RESET_HOURS = 1;
export const INVITE_DAYS = 7;
/** Login: at most 10 attempts per email and 100 per address in 15 minutes. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_PER_EMAIL = 10;
export const LOGIN_MAX_PER_IP = 100;
/**
 * Mailed links (password reset, verification again): at most 5 per address in an hour, so the
 * forms cannot be used to flood someone's inbox. Keyed on the address asked for, known or not,
 * so the limit does not tell who has an account.
 */
export const MAIL_WINDOW_MS = 60 * 60 * 1000;
export const MAIL_MAX_PER_ADDRESS = 5;
/** Sign-ups: at most 20 new accounts an hour from one client address (when a proxy names it). */
export const SIGNUP_MAX_PER_IP = 20;
