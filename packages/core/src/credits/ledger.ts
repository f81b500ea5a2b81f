import type { Entity } from '../entity.ts';
import { validation } from '../errors.ts';
import type { Store } from '../store/store.ts';
import { BALANCE_ID, type CreditBalance, INBOUND_EMAIL_CREDITS_CHARGE, STARTING_CREDITS } from './schema.ts';

/** The account's balance, as stored or as a new account starts. */
export async function readBalance(store: Store): Promise<CreditBalance> {
  const stored = await store.get<CreditBalance>('creditBalance', BALANCE_ID);
  return stored ?? { _id: BALANCE_ID, balance: STARTING_CREDITS, purchased: 0, used: 0 };
}

/**
 * Takes `amount` credits, or refuses with `credits.not-enough` (the balance never goes below
 * zero). Written in the caller's unit of work, so it is taken once with what it pays for.
 */
export async function spendCredits(store: Store, amount: number): Promise<Entity<CreditBalance> | undefined> {
  if (amount === 0) return undefined;
  const current = await readBalance(store);
  if (current.balance < amount) {
    throw validation('credits.not-enough', { needed: amount, available: current.balance });
  }
  return store.put<CreditBalance>('creditBalance', {
    ...current,
    balance: current.balance - amount,
    used: current.used + amount,
  });
}

/** Gives credits back (a permanent failure, a cancelled scheduled message). */
export async function refundCredits(store: Store, amount: number) {
  if (amount === 0) return undefined;
  const current = await readBalance(store);
  return store.put<CreditBalance>('creditBalance', {
    ...current,
    balance: current.balance + amount,
    used: Math.max(0, current.used - amount),
  });
}

/** Adds purchased credits. */
export async function addCredits(store: Store, amount: number) {
  const current = await readBalance(store);
  return store.put<CreditBalance>('creditBalance', {
    ...current,
    balance: current.balance + amount,
    purchased: current.purchased + amount,
  });
}

/**
 * Charges one received email (spec 002 section 9: 0.01 credit by default). Credits are whole, so
 * the balance counts the emails and takes a whole credit each time their charges add up to one
 * (the 100th, the 200th...); an empty balance takes nothing: a customer's reply is never refused.
 * Written in the unit of work that stores the email, so each email is charged once.
 */
export async function chargeInboundEmail(store: Store, charge = INBOUND_EMAIL_CREDITS_CHARGE) {
  const current = await readBalance(store);
  const before = current.inboundEmails ?? 0;
  const after = before + 1;
  // Whole credits owed after and before this email (the epsilon keeps 100 x 0.01 at 1).
  const owed = (n: number) => Math.floor(n * charge + 1e-9);
  const take = Math.min(current.balance, owed(after) - owed(before));
  return store.put<CreditBalance>('creditBalance', {
    ...current,
    inboundEmails: after,
    balance: current.balance - take,
    used: current.used + take,
  });
}
