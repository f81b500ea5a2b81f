import type { Entity } from '../entity.ts';
import { validation } from '../errors.ts';
import type { Store } from '../store/store.ts';
import { BALANCE_ID, type CreditBalance, STARTING_CREDITS } from './schema.ts';

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
