/** The payments screen's view options, kept on the device (as the pending screen keeps its own). */
export interface PaymentListSettings {
  /** A payment account's id, or `all`. */
  account: string;
  hideCancelled: boolean;
  showBalances: boolean;
}

const KEY = 'roundwise:payments-view';
const DEFAULTS: PaymentListSettings = { account: 'all', hideCancelled: false, showBalances: false };

export function readPaymentListSettings(): PaymentListSettings {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<PaymentListSettings>;
    return {
      account: typeof saved.account === 'string' ? saved.account : DEFAULTS.account,
      hideCancelled: saved.hideCancelled === true,
      showBalances: saved.showBalances === true,
    };
  } catch {
    return DEFAULTS;
  }
}

export function savePaymentListSettings(settings: PaymentListSettings) {
  localStorage.setItem(KEY, JSON.stringify(settings));
}
