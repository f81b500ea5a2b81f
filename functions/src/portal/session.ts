import { randomInt } from 'node:crypto';
import { type Actor, AppError, type Customers, type Entity, newId } from '@roundwise/core';
import { PortalStore } from '@roundwise/db';
import { enforceLimit } from '../auth/limits.ts';
import { hashSecret, newSecret } from '../auth/tokens.ts';
import type { Deps } from '../context.ts';
import { dispatchEffects } from '../effects/queue.ts';
import { type Contact, contactOf, customerOfContact } from './contacts.ts';
import type { FoundPortal } from './find-portal.ts';

type Found = FoundPortal & { kind: 'found' };

/** A code works for 10 minutes and for 5 tries; a session for 30 days, a staff "view as" for one hour. */
export const CODE_MINUTES = 10;
export const CODE_TRIES = 5;
export const SESSION_DAYS = 30;
export const VIEW_AS_MINUTES = 60;
/** Codes: 5 an hour to one contact of one portal, 30 an hour from one client address. */
export const CODES_PER_CONTACT = 5;
export const CODES_PER_ADDRESS = 30;
/** Sign-in tries: 20 in 15 minutes from one client address, across contacts. */
export const SIGN_INS_PER_ADDRESS = 20;
const HOUR = 3_600_000;

/**
 * Sends a 6-digit sign-in code to a contact the business holds for one of its customers: an email
 * or a text, written to the outbox with the code's record in one transaction and delivered once.
 * The answer is the same whether or not the contact is a customer's, so the form tells no one who
 * the business's customers are; the rate limits count either way.
 */
export async function requestCode(s: Deps, found: Found, typed: string, clientAddress: string | undefined) {
  const contact = contactOf(typed);
  if (!contact) throw new AppError('validation', 'portal.contact-invalid');
  await enforceLimit(
    s,
    `portal-code:${found.accountId}:${contact.key}`,
    HOUR,
    CODES_PER_CONTACT,
    'portal.code-rate-limited',
  );
  if (clientAddress) {
    await enforceLimit(
      s,
      `portal-code-ip:${clientAddress}`,
      HOUR,
      CODES_PER_ADDRESS,
      'portal.code-rate-limited',
    );
  }
  const customer = await customerOfContact(found.repo, contact);
  if (!customer) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const effect = codeMessage(found, contact, code);
  const store = new PortalStore(s.db);
  await store.putCode(
    {
      accountId: found.accountId,
      contact: contact.key,
      customerId: customer._id,
      codeHash: codeHash(found.accountId, contact.key, code),
      tries: 0,
      expiresAt: new Date(s.now().getTime() + CODE_MINUTES * 60_000),
    },
    [s.outbox.item(effect, s.now())],
  );
  dispatchEffects(s, [effect.id]);
}

/** A code's hash, bound to its account and contact: a code is worth nothing anywhere else. */
const codeHash = (accountId: string, contact: string, code: string) =>
  hashSecret(`${accountId}|${contact}|${code}`);

function codeMessage(found: Found, contact: Contact, code: string) {
  const business = found.directory.businessName;
  const id = `portal-code-${newId()}`;
  const text = `Your sign-in code for ${business} is ${code}. It works for ${CODE_MINUTES} minutes. If you did not ask for it, ignore this message.`;
  if (contact.channel === 'sms') {
    return { id, kind: PORTAL_CODE_SMS, payload: { to: contact.address, body: text } };
  }
  return {
    id,
    kind: 'mail',
    payload: { to: contact.address, subject: `Your sign-in code for ${business}`, text: `${text}\n` },
  };
}

/** The effect kind of a code sent by text (`portal/area.ts`). */
export const PORTAL_CODE_SMS = 'portal.code-sms';

/**
 * Exchanges a code for a session: a new random token, only its hash stored, bound to this
 * account and this customer. A wrong code counts a try against it; every try counts against the
 * client address.
 */
export async function signIn(
  s: Deps,
  found: Found,
  input: { contact: string; code: string },
  clientAddress: string | undefined,
) {
  const contact = contactOf(input.contact);
  if (!contact || !/^\d{6}$/.test(input.code)) throw new AppError('validation', 'portal.code-invalid');
  if (clientAddress) {
    await enforceLimit(
      s,
      `portal-sign-in-ip:${clientAddress}`,
      15 * 60_000,
      SIGN_INS_PER_ADDRESS,
      'portal.code-rate-limited',
    );
  }
  const store = new PortalStore(s.db);
  const hash = codeHash(found.accountId, contact.key, input.code);
  const customerId = await store.useCode(found.accountId, contact.key, hash, s.now(), CODE_TRIES);
  if (!customerId) throw new AppError('unauthenticated', 'portal.code-invalid');
  const customer = await found.repo.get<Customers.Customer>('customer', customerId);
  const session = await openSession(s, found.accountId, customerId, SESSION_DAYS * 24 * 60);
  return { ...session, name: customer?.name ?? '' };
}

/** A new session of one customer of one account, `minutes` long; `viewAs`: the staff member who opened it. */
export async function openSession(
  s: Deps,
  accountId: string,
  customerId: string,
  minutes: number,
  viewAs?: string,
) {
  const token = newSecret();
  const expiresAt = new Date(s.now().getTime() + minutes * 60_000);
  await new PortalStore(s.db).putSession({
    tokenHash: hashSecret(token),
    accountId,
    customerId,
    expiresAt,
    ...(viewAs ? { viewAs } : {}),
  });
  return { id: customerId, token, expiresAt: expiresAt.toISOString(), ...(viewAs ? { viewAs: true } : {}) };
}

export const endSession = (s: Deps, token: string) => new PortalStore(s.db).deleteSession(hashSecret(token));

/** A signed-in customer on one portal, as the `/me` endpoints see them. */
export interface PortalCaller {
  found: Found;
  customer: Entity<Customers.Customer>;
  /** The session was opened by staff ("view as"): it reads, and changes nothing. */
  viewAs: boolean;
  token: string;
}

/** The live session a token names on this portal, with its customer; undefined otherwise. */
export async function callerOf(s: Deps, found: Found, token: string): Promise<PortalCaller | undefined> {
  const session = await new PortalStore(s.db).session(hashSecret(token), s.now());
  if (!session || session.accountId !== found.accountId) return undefined;
  const customer = await found.repo.get<Customers.Customer>('customer', session.customerId);
  if (!customer) return undefined;
  return { found, customer, viewAs: !!session.viewAs, token };
}

/**
 * The customer as the actor of their own commands: no user, in the portal's account. Named by
 * the customer, so a command id one customer used answers no one else, and the audit log shows
 * who acted.
 */
export function customerActor(caller: PortalCaller): Actor {
  const { account } = caller.found;
  return {
    userId: `portal-customer:${caller.customer._id}`,
    email: `${caller.customer.name} (portal)`,
    accountId: account.accountId,
    roles: ['Owner'],
    level: account.level,
    subscription: account.subscription,
    flags: account.flags,
    developerMode: false,
    settings: account.settings,
  };
}
