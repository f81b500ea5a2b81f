import { describe, expect, it } from 'vitest';
import { rankPending } from './pending.ts';
import { assessRisk, type RiskInput, riskLevel } from './risk.ts';

const base: RiskInput = {
  provider: 'direct-debit',
  pendingCount: 0,
  pendingAmount: 0,
  oldestPendingDays: 0,
  mandatePending: false,
  secondSignatureRequired: false,
};

describe('the pending risk score (spec 002 section 9)', () => {
  it.each([
    // "30 per pending transaction, plus pending amount divided by 10, plus 25 if a mandate is pending"
    ['one pending transaction', { pendingCount: 1 }, 30],
    ['three pending transactions', { pendingCount: 3 }, 90],
    ['pending amount / 10', { pendingCount: 1, pendingAmount: 45 }, 34.5],
    ['a pending mandate adds 25', { mandatePending: true }, 25],
    // "Direct-debit provider: plus 5 per day of oldest pending age, or 10 per day if older than 11 days"
    ['direct debit, 11 days: 5 per day', { pendingCount: 1, oldestPendingDays: 11 }, 30 + 55],
    ['direct debit, 12 days: 10 per day', { pendingCount: 1, oldestPendingDays: 12 }, 30 + 120],
    // "Card provider: plus 5 per day, or 100 per day if older than 1 day"
    ['card, 1 day: 5 per day', { provider: 'card', pendingCount: 1, oldestPendingDays: 1 }, 30 + 5],
    ['card, 2 days: 100 per day', { provider: 'card', pendingCount: 1, oldestPendingDays: 2 }, 30 + 200],
    [
      'all together',
      { pendingCount: 2, pendingAmount: 120, mandatePending: true, oldestPendingDays: 3 },
      60 + 12 + 25 + 15,
    ],
    // "A required second signature sets the score to 10000"
    ['second signature', { pendingCount: 5, pendingAmount: 900, secondSignatureRequired: true }, 10_000],
  ] as const)('%s', (_, over, score) => {
    expect(assessRisk({ ...base, ...over }).riskScore).toBeCloseTo(score, 10);
  });

  it.each([
    // "Levels: below 50 Low, below 100 Medium, below 200 High, otherwise Critical"
    [0, 'Low'],
    [49.9, 'Low'],
    [50, 'Medium'],
    [99.9, 'Medium'],
    [100, 'High'],
    [199.9, 'High'],
    [200, 'Critical'],
    [10_000, 'Critical'],
  ] as const)('a score of %d is %s', (score, level) => {
    expect(riskLevel(score)).toBe(level);
  });

  it('notes the factors: oldest pending age over 11 days, pending amount over 100', () => {
    expect(assessRisk({ ...base, oldestPendingDays: 11, pendingAmount: 100 }).contributingFactors).toEqual(
      [],
    );
    expect(assessRisk({ ...base, oldestPendingDays: 12, pendingAmount: 100.01 }).contributingFactors).toEqual(
      ['pending.factor-old', 'pending.factor-large'],
    );
  });
});

describe('rankPending', () => {
  const now = new Date('2026-11-20T10:00:00Z');
  const customers = [
    { _id: 'a', name: 'Ann' },
    { _id: 'b', name: 'Bob', paymentProviderMetaData: { status: 'pending' } },
    { _id: 'c', name: 'Cal' },
    { _id: 'd', name: 'Dee', paymentProviderMetaData: { status: 'active', secondSignatureRequired: true } },
    { _id: 'e', name: 'Eve' },
  ];
  const dd = (
    id: string,
    customerId: string,
    amount: number,
    date: string,
    status: 'pending' | 'complete' = 'pending',
  ) => ({
    _id: id,
    customerId,
    amount: -amount,
    date,
    transactionType: 'AutomaticPayment' as const,
    transactionSubType: 'gocardless',
    status,
  });
  const transactions = [
    dd('1', 'a', 20, '2026-11-17'), // 30 + 2 + 15 = 47: Low
    dd('2', 'c', 20, '2026-11-05'), // 15 days: 30 + 2 + 150 = 182: High
    dd('3', 'c', 20, '2026-11-18'), // + 30 + 2 = 214: Critical
    dd('4', 'd', 10, '2026-11-19'), // second signature: 10000
    dd('5', 'e', 10, '2026-11-01', 'complete'), // not pending
    { ...dd('6', 'e', 10, '2026-11-01'), voidedId: '7' }, // cancelled
    { ...dd('8', 'a', 30, '2026-11-01'), transactionSubType: 'stripe' }, // the card provider's
  ];

  it('ranks customers by score, highest first, and hides the Low ones unless asked', () => {
    const ranked = rankPending(customers, transactions, 'direct-debit', now);
    expect(ranked.map((r) => [r.customerId, r.riskScore, r.riskLevel])).toEqual([
      ['d', 10_000, 'Critical'],
      ['c', 214, 'Critical'],
    ]);
    const all = rankPending(customers, transactions, 'direct-debit', now, { showLowRiskCustomers: true });
    // Bob: no pending payment, but his mandate is pending (25).
    expect(all.map((r) => r.customerId)).toEqual(['d', 'c', 'a', 'b']);
    expect(all.find((r) => r.customerId === 'b')?.riskScore).toBe(25);
  });

  it('keeps each provider to its own tab', () => {
    const card = rankPending(customers, transactions, 'card', now, { showLowRiskCustomers: true });
    // 19 days at 100 per day.
    expect(card.map((r) => [r.customerId, r.riskScore])).toEqual([['a', 30 + 3 + 1900]]);
  });
});
