import type { Actor } from '../access/model.ts';
import { validation } from '../errors.ts';
import { smsSegments } from './sms-segments.ts';

/** Spec 000 sections 5 and 6: sending messages needs a verified email. */
export function assertCanSend(actor: Actor) {
  if (actor.emailVerified === false) {
    throw validation('notification.account-email-not-verified-message-sending');
  }
}

/** The account's allowed SMS prefixes (`+447, 07`), spaces ignored. */
export function smsPrefixes(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(',')
    .map((p) => p.replace(/\s+/g, ''))
    .filter((p) => p !== '');
}

/** Spec 000 section 5: when the account lists prefixes, the number must start with one. */
export function assertSmsPrefix(actor: Actor, number: string) {
  const prefixes = smsPrefixes(actor.settings.smsMobilePhonePrefixes);
  const compact = number.replace(/[\s()-]/g, '');
  if (prefixes.length > 0 && !prefixes.some((p) => compact.startsWith(p))) {
    throw validation('notification.account-sms-prefix-not-allowed', { prefixes: prefixes.join(', ') });
  }
}

/** Whether an address is on the account's blocklist (compared without case). */
export function isBlocklisted(actor: Actor, address: string): boolean {
  const wanted = address.trim().toLowerCase();
  return (actor.settings.ignoredEmails ?? []).some((e) => e.trim().toLowerCase() === wanted);
}

/** What a message costs in credits: one an email, one per part an SMS. */
export function creditsFor(type: 'Email' | 'SMS', content: string): number {
  return type === 'Email' ? 1 : Math.max(1, smsSegments(content).segments);
}

/** The reason recorded on a message not sent because its address is on the blocklist. */
export const BLOCKLISTED = 'notification.address-blocklisted';
