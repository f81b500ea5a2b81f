/**
 * A quote's money, as pure arithmetic in whole pence:
 * - an item's total is its quantity times its unit price, rounded to the penny;
 * - the subtotal is the sum of the items' totals; the discount comes off it;
 * - tax-inclusive prices already hold the tax: the total is the discounted subtotal and the tax
 *   is the part of it that is tax, `total × rate / (1 + rate)`;
 * - tax-exclusive prices add it: the tax is `net × rate` and the total `net + tax`.
 * Every rounding is to the penny, half away from zero (£0.125 is £0.13), done once per figure on
 * the exact value, never on an already rounded one (so no error builds up across items).
 */
export interface TotalsInput {
  items: readonly { quantity: number; unitPrice: number }[];
  taxRate: number;
  priceIncludesTax: boolean;
  discountTotal: number;
}

export interface Totals {
  itemTotals: number[];
  subtotal: number;
  discountTotal: number;
  totalTax: number;
  total: number;
}

/** Pence of an amount in pounds, rounded half away from zero; `toFixed(6)` first drops binary noise (1.005 × 100 is 100.49999...). */
export function toPence(pounds: number): number {
  const exact = Number((pounds * 100).toFixed(6));
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

const pounds = (pence: number) => pence / 100;

export function quoteTotals(input: TotalsInput): Totals {
  const itemPence = input.items.map((i) => toPence(i.quantity * i.unitPrice));
  const subtotal = itemPence.reduce((a, b) => a + b, 0);
  const discount = toPence(input.discountTotal);
  const net = subtotal - discount;
  const tax = input.priceIncludesTax
    ? toPence((pounds(net) * input.taxRate) / (1 + input.taxRate))
    : toPence(pounds(net) * input.taxRate);
  const total = input.priceIncludesTax ? net : net + tax;
  return {
    itemTotals: itemPence.map(pounds),
    subtotal: pounds(subtotal),
    discountTotal: pounds(discount),
    totalTax: pounds(tax),
    total: pounds(total),
  };
}
