/** Money as the account's currency shows it (en-GB, GBP unless the account says otherwise). */
export function formatMoney(value: number, currency = 'GBP'): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumFractionDigits: 2 }).format(
    value,
  );
}

export const formatKm = (km: number) =>
  new Intl.NumberFormat('en-GB', { maximumFractionDigits: km < 10 ? 2 : 1 }).format(km);
