import { describe, expect, it } from 'vitest';
import { customerMergeValues, fillMergeFields, findMergeFields, usesCustomerPage } from './merge-fields.ts';

describe('merge fields', () => {
  it('finds the link fields beside the data fields, each once, in order', () => {
    expect(findMergeFields('[portal-link] [name] [quote-link] [portal-link] [invoice] [pay-link]')).toEqual([
      'portal-link',
      'name',
      'quote-link',
      'pay-link',
    ]);
  });

  it("asks for the customer's page only for a pay or portal link", () => {
    expect(usesCustomerPage(findMergeFields('Hello [name], you owe [balance]: [quote-link]'))).toBe(false);
    expect(usesCustomerPage(findMergeFields('Your page: [portal-link]'))).toBe(true);
    expect(usesCustomerPage(findMergeFields('Pay: [pay-link]'))).toBe(true);
  });

  it('fills the data fields where written and leaves the links for the sending', () => {
    const values = customerMergeValues(
      { _id: 'c1', name: 'Ann Smith', address: { addressDescription: '4 Tenison Road\nCambridge' } } as never,
      { jobs: [], balance: 12.5, today: '2026-11-21', currency: 'GBP' },
    );
    expect(fillMergeFields('Hi [first-name], [balance]. See [portal-link] or [quote-link]', values)).toBe(
      'Hi Ann, £12.50. See [portal-link] or [quote-link]',
    );
    expect(
      fillMergeFields(
        '<a href="[portal-link]">[name]</a>',
        {
          name: 'A & B',
          'portal-link': 'https://x.test/go/a/t/',
        },
        (v) => v.replace(/&/g, '&amp;'),
      ),
    ).toBe('<a href="https://x.test/go/a/t/">A &amp; B</a>');
  });
});
