import { describe, expect, it } from 'vitest';
import { checkQuantity, costLabelKey, creditCost } from './credits';

describe('buying credits (spec 000 sections 5 and 9)', () => {
  it.each([
    ['1000', { quantity: 1000 }],
    ['100', { quantity: 100 }],
    ['49999', { quantity: 49999 }],
    ['99', { error: { key: 'enter.at-least', params: { min: '100' } } }],
    ['50000', { error: { key: 'enter.less-than', params: { max: '50,000' } } }],
    ['150.5', { error: { key: 'enter.whole-number' } }],
    ['', { error: { key: 'enter.whole-number' } }],
    ['abc', { error: { key: 'enter.whole-number' } }],
  ])('%j gives %j', (text, result) => {
    expect(checkQuantity(text)).toEqual(result);
  });

  it('cost is quantity x amount x (1 + tax) to 2 decimals', () => {
    expect(creditCost(1000, 0.04, 0.2)).toBe(48);
    expect(creditCost(333, 0.037, 0.2)).toBe(14.79);
    expect(creditCost(100, 0.05, 0)).toBe(5);
  });

  it("'inc. VAT' for GB languages, '+ TAX' otherwise", () => {
    expect(costLabelKey('en-GB')).toBe('credits.cost-inc-vat');
    expect(costLabelKey('cy-GB')).toBe('credits.cost-inc-vat');
    expect(costLabelKey('en-US')).toBe('credits.cost-plus-tax');
    expect(costLabelKey('fr')).toBe('credits.cost-plus-tax');
  });
});
