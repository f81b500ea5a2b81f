import { describe, expect, it } from 'vitest';
import { cancelConfirmKey, failureExplanation } from './explain.ts';

describe('cancel confirmation wording (spec 000 section 4: by how many other invoices are linked)', () => {
  const pay = (invoiceIds: string[]) => ({ paymentDetails: { invoiceIds } });
  it.each([
    [[], undefined, 'payments.cancel-confirm', 0],
    [['I1'], 'I1', 'payments.cancel-confirm', 0],
    [['I1'], undefined, 'payments.cancel-confirm-one-invoice', 1],
    [['I1', 'I2'], 'I1', 'payments.cancel-confirm-one-invoice', 1],
    [['I1', 'I2', 'I3'], 'I1', 'payments.cancel-confirm-many-invoices', 2],
  ])('%j opened from %s: %s', (ids, from, key, count) => {
    expect(cancelConfirmKey(pay(ids), from)).toEqual({ key, count });
  });
});

describe("a direct-debit provider's failure explained (spec 000 section 4)", () => {
  it.each([
    ['Request failed with status 409: conflict', 'payments.provider-possible-duplicate'],
    [
      'Request failed with status 422: the mandate has been cancelled by the customer',
      'payments.provider-mandate-problem',
    ],
    ['Request failed with status 500', undefined],
    ['status 4090', undefined],
  ])('%s', (cause, key) => {
    expect(
      failureExplanation({ created: '2026-11-01T00:00:00Z', action: 'failed', details: { cause } }),
    ).toBe(key);
  });
});
