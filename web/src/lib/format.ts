import { Schedule } from '@roundwise/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from './me';

// Intl formatters are slow to create (tens of microseconds each) and a day renders hundreds of
// rows: one per language (and currency, style), made on first use.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let f = formatters.get(key);
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f as F;
}

/** Money in `currency` as `language` writes it: "£12.50". */
export function money(amount: number, language: string, currency = 'GBP'): string {
  return formatter(
    `money|${language}|${currency}`,
    () => new Intl.NumberFormat(language, { style: 'currency', currency }),
  ).format(amount);
}

/** "Sat 21 Nov 2026" for an ISO day, without the device's zone moving it. */
export function dayLabel(iso: string, language: string, style: 'long' | 'short' = 'short'): string {
  const { year, month, date } = Schedule.partsOf(iso);
  return formatter(
    `day|${language}|${style}`,
    () =>
      new Intl.DateTimeFormat(language, {
        timeZone: 'UTC',
        weekday: style === 'long' ? 'long' : 'short',
        day: 'numeric',
        month: style === 'long' ? 'long' : 'short',
        year: 'numeric',
      }),
  ).format(new Date(Date.UTC(year, month, date)));
}

/** Money in the signed-in account's currency, as the app's language writes it. */
export function useMoney(): (amount: number) => string {
  const { i18n } = useTranslation();
  const currency = useMe().account.settings.currency;
  return useCallback((amount: number) => money(amount, i18n.language, currency), [i18n.language, currency]);
}

export const formatKm = (km: number) =>
  new Intl.NumberFormat('en-GB', { maximumFractionDigits: km < 10 ? 2 : 1 }).format(km);
