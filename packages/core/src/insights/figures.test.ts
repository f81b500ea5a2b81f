import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../payments/schema.ts';
import { customersByMonth, jobsByMonth, revenueByRound } from './figures.ts';

const period = { from: '2026-09-01', to: '2026-11-30' };

describe('insights figures', () => {
  it('customers gained by creation month, lost by the month they were made inactive', () => {
    const rows = customersByMonth(
      [
        { createdDate: '2026-09-03T10:00:00Z', state: 'active' },
        { createdDate: '2026-09-20T10:00:00Z', state: 'inactive', _updatedAt: '2026-11-02T08:00:00Z' },
        { createdDate: '2025-01-01T10:00:00Z', state: 'inactive', _updatedAt: '2026-10-10T08:00:00Z' },
      ],
      period,
    );
    expect(rows).toEqual([
      { month: '2026-09', gained: 2, lost: 0 },
      { month: '2026-10', gained: 0, lost: 1 },
      { month: '2026-11', gained: 0, lost: 1 },
    ]);
  });

  it('visits done and skipped by planned month', () => {
    expect(
      jobsByMonth(
        [
          { status: 1, isoPlannedDate: '2026-10-01' },
          { status: 2, isoPlannedDate: '2026-10-08' },
          { status: 0, isoPlannedDate: '2026-10-08' },
          { status: 1, isoPlannedDate: '2027-01-01' },
        ],
        period,
      )[1],
    ).toEqual({ month: '2026-10', done: 1, skipped: 1 });
  });

  it('revenue and collection rate by round: payments pay the oldest invoices first; cancelled pairs count for nothing', () => {
    const inv = (
      id: string,
      date: string,
      amount: number,
      customerId = 'C1',
    ): LedgerEntry & { occurrenceId: string } => ({
      _id: id,
      occurrenceId: `v-${id}`,
      amount,
      date,
      customerId,
      transactionType: 'Invoice',
    });
    const transactions = [
      inv('a', '2026-10-01', 20),
      inv('b', '2026-10-08', 30),
      inv('c', '2026-10-09', 10, 'C2'),
      { ...inv('d', '2026-10-10', 99, 'C2'), voidedId: 'dr' },
      { ...inv('dr', '2026-10-10', -99, 'C2'), voidedId: 'd' },
      { _id: 'p', amount: -35, date: '2026-10-20', customerId: 'C1', transactionType: 'Payment' as const },
    ];
    const rounds = new Map([
      ['v-a', ['R1']],
      ['v-b', ['R2']],
      ['v-c', ['R1']],
    ]);
    const rows = revenueByRound(transactions, rounds, period, '2026-11-30');
    expect(rows).toEqual([
      { roundId: 'R1', invoiced: 3000, collected: 2000, rate: 2000 / 3000 },
      { roundId: 'R2', invoiced: 3000, collected: 1500, rate: 0.5 },
    ]);
  });
});
