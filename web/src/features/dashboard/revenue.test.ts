import { describe, expect, it } from 'vitest';
import { monthOf, revenueByDay } from './revenue';

describe('dashboard revenue', () => {
  it('sums invoices by day, counts a cancelled invoice as nothing and ignores payments', () => {
    const txs = [
      { transactionType: 'Invoice' as const, amount: 20, date: '2026-11-16' },
      { transactionType: 'Invoice' as const, amount: 12.5, date: '2026-11-16T10:00:00.000Z' },
      { transactionType: 'Invoice' as const, amount: 30, date: '2026-11-17' },
      { transactionType: 'Invoice' as const, amount: -30, date: '2026-11-17' },
      { transactionType: 'Payment' as const, amount: -20, date: '2026-11-16' },
      { transactionType: 'Invoice' as const, amount: 99, date: '2026-11-30' },
    ];
    const byDay = revenueByDay(txs, '2026-11-16', '2026-11-22');
    expect([...byDay.values()]).toEqual([32.5, 0, 0, 0, 0, 0, 0]);
    expect(byDay.has('2026-11-30')).toBe(false);
  });

  it('spans the whole month, including February of a leap year', () => {
    expect(monthOf('2026-11-21')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthOf('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});
