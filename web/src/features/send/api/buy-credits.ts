import { Credits } from '@roundwise/core';
import { answer, api } from '../../../lib/http';

/**
 * Spec 002 section 9: the credits to offer when a publish is short, the shortfall raised to the
 * minimum top-up (100).
 */
export const creditsToOffer = (needed: number, available: number) =>
  Math.max(Credits.PURCHASE_MIN, needed - available);

/**
 * `POST /api/customer/purchase-sms-credits`: charged through the billing adapter once per
 * `purchaseId` (made once per purchase attempt: a retry under it is the same purchase).
 */
export const buyCredits = (amount: number, purchaseId: string) =>
  answer(api.customer['purchase-sms-credits'].$post({ json: { amount, purchaseId } }));
