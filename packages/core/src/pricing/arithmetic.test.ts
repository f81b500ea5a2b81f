import { describe, expect, it } from 'vitest';
import { formValue, newPrice, storedValue } from './arithmetic.ts';
import { PriceChangeFields } from './schema.ts';

const pct = (value: number, nearest = 0.01) => ({ is: 'percentage' as const, value, nearest });

describe('newPrice (spec 002 sections 3 and 9)', () => {
  it.each<[string, number, Parameters<typeof newPrice>[1], number]>([
    ['3 % on £20 to the penny', 20, pct(0.03), 20.6],
    ['3 % on £20 to the nearest 0.5', 20, pct(0.03, 0.5), 20.5],
    ['3 % on £25 to the nearest 0.5: 25.75 is a half, rounded up', 25, pct(0.03, 0.5), 26],
    ['3 % on £17 to the nearest 0.25', 17, pct(0.03, 0.25), 17.5],
    ['3 % on £17 to the nearest 0.1', 17, pct(0.03, 0.1), 17.5],
    ['3 % on £17 to the nearest 1', 17, pct(0.03, 1), 18],
    ['2.5 % on £10 to 0.5: 10.25 in binary is not below the half', 10, pct(0.025, 0.5), 10.5],
    ['a negative percentage decreases', 20, pct(-0.1), 18],
    ['-100 % leaves the job free', 20, pct(-1), 0],
    ['a fixed rise', 12.5, { is: 'fixed', value: 1.25 }, 13.75],
    ['a fixed decrease', 12.5, { is: 'fixed', value: -2.5 }, 10],
    ['a fixed decrease never goes below zero', 2, { is: 'fixed', value: -5 }, 0],
    ['0.1 + 0.2 is exact in pence', 0.1, { is: 'fixed', value: 0.2 }, 0.3],
  ])('%s', (_, old, type, expected) => {
    expect(newPrice(old, type)).toBe(expected);
  });
});

describe('the percentage is stored as a fraction and shown as a whole percent', () => {
  it('turns 3 into 0.03 and back', () => {
    expect(storedValue('percentage', 3)).toBe(0.03);
    expect(formValue(pct(0.03))).toBe(3);
    expect(storedValue('percentage', -7)).toBe(-0.07);
    expect(formValue(pct(0.07))).toBe(7);
    expect(storedValue('fixed', 1.5)).toBe(1.5);
  });

  it('refuses a rounding step the spec does not list, and a decrease over 100 %', () => {
    const base = { name: 'Rise', plannedDate: 0 };
    expect(PriceChangeFields.safeParse({ ...base, type: pct(0.03, 0.2) }).error?.issues[0]?.message).toBe(
      'price-change.nearest-required',
    );
    expect(PriceChangeFields.safeParse({ ...base, type: pct(-1.5) }).error?.issues[0]?.message).toBe(
      'price-change.value-out-of-range',
    );
    expect(
      PriceChangeFields.safeParse({ ...base, name: ' ', type: pct(0.03) }).error?.issues[0]?.message,
    ).toBe('bulk-price-change.name-required');
  });
});
