import { Banking, executeCommand, loadCommand, MemoryStore, type Payments } from '@roundwise/core';
import { testActor } from '@roundwise/core/testing';
import { Random } from '../seed/prng.ts';
import { type Figures, round, saveFigures } from './lib.ts';

/**
 * The bank import's figures, in memory (the command as the server runs it, on a `MemoryStore`, no
 * table): `bank.import_10k_ms` (5 s), a month of 10,000 lines imported into an account holding
 * none, then every line matched against the books (3,000 payments, 90 card payouts of three
 * payments each, 600 expenses); and the duplicates after three overlapping imports of that month
 * (pending, then booked with new ids a day later, then a CSV of the month with the payees as
 * another bank writes them): `bank.duplicates_3_imports`, 0. Run: `npx tsx scripts/bench/banking.ts`.
 */
const LINES = 10_000;
const rng = Random.of('bank-bench');
const now = new Date('2026-12-03T10:00:00Z');
const store = new MemoryStore(() => now);
let n = 0;
const ctx = {
  store,
  actor: testActor({ level: 'Ultimate' }),
  now,
  newId: () => `id${++n}`,
  emit() {},
  authoritative: true,
};
const run = async (name: string, input: unknown) =>
  executeCommand((await loadCommand(name)) as never, ctx, input);

await store.put('paymentAccount', { _id: 'PA1', name: 'Business current', subType: 'bank' });
const day = (i: number) => `2026-11-${String(1 + (i % 28)).padStart(2, '0')}`;
const lines: { date: string; amount: number; payee: string }[] = [];
// Card payouts: three card payments a day, paid out the next day as one line.
for (let d = 0; d < 27; d++) {
  let sum = 0;
  for (let k = 0; k < 3; k++) {
    const amount = rng.int(20, 90) / 2;
    sum += amount * 100;
    await store.put<Payments.Transaction>('transaction', {
      _id: `card${d}-${k}`,
      customerId: `c${d}`,
      amount: -amount,
      currency: 'GBP',
      description: '',
      date: day(d),
      createdDate: now.toISOString(),
      transactionType: 'Payment',
      transactionSubType: 'card',
      status: 'complete',
    });
  }
  lines.push({ date: day(d + 1), amount: sum / 100, payee: 'STRIPE PAYMENTS UK' });
}
// Transfers that pay one payment each, and supplies that are expenses recorded.
for (let i = 0; lines.length < 3_000; i++) {
  const amount = 10 + (i % 400) / 4;
  await store.put<Payments.Transaction>('transaction', {
    _id: `bt${i}`,
    customerId: `c${i}`,
    amount: -amount,
    currency: 'GBP',
    description: '',
    date: day(i),
    createdDate: now.toISOString(),
    transactionType: 'Payment',
    transactionSubType: 'bank-transfer',
    status: 'complete',
  });
  lines.push({ date: day(i), amount, payee: `FP CUSTOMER ${i}` });
}
for (let i = 0; i < 600; i++) {
  const amount = 5 + i / 4;
  await store.put('expense', {
    _id: `e${i}`,
    date: day(i),
    amount,
    vatAmount: 0,
    vatReclaimable: true,
    attachmentIds: [],
    notes: '',
    createdDate: '',
  });
  lines.push({ date: day(i), amount: -amount, payee: 'SCREWFIX DIRECT' });
}
// The rest: card spending, with identical real payments among them (the same coffee twice a day).
while (lines.length < LINES) {
  const i = lines.length;
  lines.push({
    date: day(i),
    amount: -(rng.int(100, 2000) / 100),
    payee: rng.pick(['SHELL 1234 LONDON GB', 'TESCO STORES 2231', 'COSTA COFFEE', 'B&Q 1102']),
  });
}

const pending = lines.map((l, i) => ({ ...l, status: 'pending', providerId: `p${i}`, description: '' }));
const booked = lines.map((l, i) => ({
  ...l,
  status: 'booked',
  providerId: `b${i}`,
  description: '',
  date: i % 2 ? Banking.addDays(l.date, 1) : l.date,
}));
const csv = booked.map(({ providerId: _, ...l }) => ({
  ...l,
  payee: l.payee.toLowerCase().replace(/ \d+ /, ' '),
}));
const figures: Figures = {};

const t0 = performance.now();
const first = await run('banking.import', { paymentAccountId: 'PA1', source: 'bank', lines: pending });
const held = await store.listBy<Banking.BankLine>('bankLine', 'PA1');
const m = Banking.matcher({
  transactions: await store.list('transaction'),
  expenses: await store.list('expense'),
  suppliers: [],
  lines: held,
});
const suggested = held.map((l) => m.suggest(l)).filter(Boolean);
const importMs = performance.now() - t0;
const payouts = suggested.filter((s) => s?.kind === 'payments' && s.ids.length === 3).length;
console.log(`first import`, first, `${suggested.length} lines matched (${payouts} payouts of three)`);

const t1 = performance.now();
const second = await run('banking.import', { paymentAccountId: 'PA1', source: 'bank', lines: booked });
const third = await run('banking.import', { paymentAccountId: 'PA1', source: 'csv', lines: csv });
console.log('booked', second, `csv`, third, `${Math.round(performance.now() - t1)} ms`);
const after = await store.listBy<Banking.BankLine>('bankLine', 'PA1');
const duplicates = after.length - LINES;
const stillPending = after.filter((l) => l.status === 'pending').length;

figures['bank.import_10k_ms'] = { value: round(importMs, 0), unit: 'ms' };
figures['bank.duplicates_3_imports'] = { value: duplicates + stillPending, unit: 'lines' };
console.log(figures);
if (process.argv.includes('--save')) await saveFigures(figures);
