/** Spec 002 sections 4 and 9: under 80 % fine, 80 % or more warns, over 90 % is an error. */
export type QuotaLevel = 'ok' | 'warning' | 'error';

export function quotaPercent(usage: number, limit: number): number {
  if (!(limit > 0)) return 0;
  return Math.min(100, Math.max(0, (usage / limit) * 100));
}

export function quotaLevel(usage: number, limit: number): QuotaLevel {
  const percent = quotaPercent(usage, limit);
  if (percent > 90) return 'error';
  if (percent >= 80) return 'warning';
  return 'ok';
}
