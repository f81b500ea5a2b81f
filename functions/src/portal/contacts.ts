import type { Customers } from '@roundwise/core';
import type { EntityRepository } from '@roundwise/db';

/** Where a sign-in code goes: an email address, or a phone number for a text. */
export type Contact =
  | { channel: 'email'; address: string; key: string }
  | { channel: 'sms'; address: string; key: string };

/**
 * What a customer typed to sign in, as the contact it names: an email address (lower-cased), or a
 * UK-style phone number (its digits, `+44` read as a leading 0). Undefined when it is neither.
 */
export function contactOf(typed: string): Contact | undefined {
  const text = typed.trim();
  if (text.includes('@')) {
    const address = text.toLowerCase();
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)
      ? { channel: 'email', address, key: address }
      : undefined;
  }
  const key = phoneKey(text);
  return key ? { channel: 'sms', address: text, key } : undefined;
}

/** A phone number's comparable form: digits only, an international `44` as the national `0`. */
function phoneKey(text: string): string | undefined {
  if (!/^[+\d\s().-]{7,24}$/.test(text)) return undefined;
  const digits = text.replace(/\D/g, '');
  const national = digits.startsWith('44') && digits.length >= 12 ? `0${digits.slice(2)}` : digits;
  return national.length >= 7 && national.length <= 15 ? national : undefined;
}

const FIELDS = ['email', 'mobileNumber', 'telephoneNumber'] as const;

/**
 * The customer a contact belongs to, among the business's own records: the one whose email, or
 * mobile or telephone number, it is (the oldest when several share it: a household). Read from a
 * projection of the account's customers (three fields each); sign-in codes are rate limited, so
 * this read is too.
 */
export async function customerOfContact(
  repo: EntityRepository,
  contact: Contact,
): Promise<Pick<Customers.Customer, '_id' | 'email' | 'mobileNumber' | 'telephoneNumber'> | undefined> {
  const rows = (await repo.listFields('customer', FIELDS)) as Pick<
    Customers.Customer,
    '_id' | (typeof FIELDS)[number]
  >[];
  return rows.find((row) => {
    if (contact.channel === 'email') return (row.email ?? '').toLowerCase() === contact.key;
    return [row.mobileNumber, row.telephoneNumber].some((n) => n && phoneKey(n) === contact.key);
  });
}
