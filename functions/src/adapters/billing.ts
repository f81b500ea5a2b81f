import type { BillingAdapter } from '../deps.ts';

/** Local billing: every plan change is paid for and active at once. */
export const localBilling: BillingAdapter = {
  async subscribe() {
    return { status: 'active' };
  },
};
