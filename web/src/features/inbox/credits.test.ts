import { describe, expect, it } from 'vitest';
import { checkQuantity, costLabelKey } from './credits';

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

  it("'inc. VAT' for GB languages, '+ TAX' otherwise", () => {
    expect(costLabelKey('en-GB')).toBe('credits.cost-inc-vat');
    expect(costLabelKey('cy-GB')).toBe('credits.cost-inc-vat');
    expect(costLabelKey('en-US')).toBe('credits.cost-plus-tax');
    expect(costLabelKey('fr')).toBe('credits.cost-plus-tax');
  });
});
