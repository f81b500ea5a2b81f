import './strings.ts';
import { money } from '../../lib/format';

/** Spec 000 section 3: a negative amount is shown as a credit, any other as a debit. */
export function creditDebit(
  t: (key: string, options?: Record<string, unknown>) => string,
  amount: number,
  language: string,
  currency = 'GBP',
): string {
  return amount < 0
    ? t('payments.credit', { amount: money(-amount, language, currency) })
    : t('payments.debit', { amount: money(amount, language, currency) });
}
