import { describe, expect, it } from 'vitest';
import { quoteTotals, toPence } from './totals.ts';

const item = (quantity: number, unitPrice: number) => ({ quantity, unitPrice });

describe('quote totals (tax inclusive and exclusive, discount, to the penny)', () => {
  it.each([
    // name, items, rate, inclusive, discount, expected [itemTotals, subtotal, tax, total]
    ['no tax, one item', [item(1, 20)], 0, true, 0, [[20], 20, 0, 20]],
    [
      'quantity times unit price',
      [item(3, 12.5), item(2, 4.99)],
      0,
      true,
      0,
      [[37.5, 9.98], 47.48, 0, 47.48],
    ],
    ['exclusive 20%: tax added', [item(1, 100)], 0.2, false, 0, [[100], 100, 20, 120]],
    ['inclusive 20%: tax is a sixth of the total', [item(1, 120)], 0.2, true, 0, [[120], 120, 20, 120]],
    ['discount before exclusive tax', [item(1, 100)], 0.2, false, 10, [[100], 100, 18, 108]],
    ['discount before inclusive tax', [item(1, 120)], 0.2, true, 12, [[120], 120, 18, 108]],
    // 0.125 rounds up (half away from zero); 1.005 is not 1.00 (binary noise dropped).
    ['item rounded to the penny, half up', [item(0.5, 0.25)], 0, true, 0, [[0.13], 0.13, 0, 0.13]],
    ['1.005 is £1.01', [item(1, 1.005)], 0, true, 0, [[1.01], 1.01, 0, 1.01]],
    // 19.99 × 0.2 = 3.998 -> 4.00; inclusive 19.99 × 0.2 / 1.2 = 3.3316 -> 3.33.
    ['exclusive tax rounded', [item(1, 19.99)], 0.2, false, 0, [[19.99], 19.99, 4, 23.99]],
    ['inclusive tax rounded', [item(1, 19.99)], 0.2, true, 0, [[19.99], 19.99, 3.33, 19.99]],
    // Three items of 0.333 each round to 0.33 each: the subtotal is the sum of what is shown.
    [
      'subtotal is the sum of rounded items',
      [item(1, 0.333), item(1, 0.333), item(1, 0.333)],
      0,
      true,
      0,
      [[0.33, 0.33, 0.33], 0.99, 0, 0.99],
    ],
    ['5% exclusive on 10.10 (0.505 -> 0.51)', [item(1, 10.1)], 0.05, false, 0, [[10.1], 10.1, 0.51, 10.61]],
    ['no items', [], 0.2, false, 0, [[], 0, 0, 0]],
  ] as const)(
    '%s',
    (_name, items, taxRate, priceIncludesTax, discountTotal, [itemTotals, subtotal, tax, total]) => {
      const t = quoteTotals({ items, taxRate, priceIncludesTax, discountTotal });
      expect(t).toEqual({ itemTotals, subtotal, discountTotal, totalTax: tax, total });
    },
  );

  it('rounds half away from zero', () => {
    expect([toPence(0.005), toPence(0.015), toPence(2.675), toPence(-0.005)]).toEqual([1, 2, 268, -1]);
  });
});
