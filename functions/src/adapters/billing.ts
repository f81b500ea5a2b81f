import type { BillingAdapter } from '../deps.ts';

/** Local billing: every plan change is paid for and active at once; every credit purchase is paid. */
export const localBilling: BillingAdapter = {
  async subscribe() {
    return { status: 'active' };
  },
  async chargeCredits() {
    return { status: 'paid' };
  },
};
