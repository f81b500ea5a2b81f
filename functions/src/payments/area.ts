import { Payments } from '@roundwise/core';
import { defineServerArea } from '../define-area.ts';
import { numberInvoiceEffect } from './number-invoice.ts';
import { providerCancel, providerCharge, providerRefund } from './provider-effects.ts';

/** The area's server part, listed in `functions/src/areas.ts`. */
export const area = defineServerArea({
  name: 'payments',
  effects: () => ({
    [Payments.NUMBER_INVOICE]: numberInvoiceEffect,
    [Payments.PROVIDER_CHARGE]: providerCharge,
    [Payments.PROVIDER_CANCEL]: providerCancel,
    [Payments.PROVIDER_REFUND]: providerRefund,
  }),
});
