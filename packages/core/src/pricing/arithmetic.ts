import type { PriceChangeType } from './schema.ts';

/** Money as whole pence, so steps and sums are exact (0.1 + 0.2 is not 0.3 in floating point). */
const pence = (amount: number) => Math.round(amount * 100);

/**
 * A job's price after the change (spec 002 sections 3 and 9). A percentage is a fraction
 * (0.03 is 3 %), the result rounded to the nearest step (0.5: to the nearest 50p), halves up; a
 * fixed change adds its amount (negative: takes it off), to the penny. Never below zero: a
 * decrease larger than the price leaves the job free rather than owing the customer.
 */
export function newPrice(old: number, type: PriceChangeType): number {
  const from = pence(old);
  let to: number;
  if (type.is === 'fixed') to = from + pence(type.value);
  else {
    // Rounded to a millionth of a penny first: 1000 * 1.025 is 1024.9999999999998 in binary.
    const exact = Math.round(from * (1 + type.value) * 1e6) / 1e6;
    const step = pence(type.nearest);
    to = Math.round(exact / step) * step;
  }
  return Math.max(0, to) / 100;
}

/** The value the form shows: a percentage as a whole percent (0.03 -> 3), an amount as it is. */
export const formValue = (type: PriceChangeType) =>
  type.is === 'percentage' ? Math.round(type.value * 100 * 1e6) / 1e6 : type.value;

/** The value stored from what the form shows (3 -> 0.03 for a percentage). */
export const storedValue = (is: PriceChangeType['is'], shown: number) =>
  is === 'percentage' ? Math.round((shown / 100) * 1e9) / 1e9 : shown;
