import { describe, expect, it } from 'vitest';
import { deriveLedgers } from '../balance/ledgers.ts';
import { type BookSources, postAll } from '../balance/postings.ts';
import { vatReturn } from '../balance/reports.ts';
import type { LedgerEntry } from '../payments/schema.ts';
import { type BoxesPence, boxesError, nineBoxesPence, toHmrc } from './boxes.ts';
import { validateFraudHeaders } from './fraud-headers.ts';

const Q = { start: '2026-07-01', end: '2026-09-30' };
const tx = (
  over: Partial<LedgerEntry> & Pick<LedgerEntry, '_id' | 'amount' | 'transactionType'>,
): LedgerEntry => ({
  date: '2026-08-10',
  customerId: 'C1',
  ...over,
});
type Expense = BookSources['expenses'][number];
const expense = (over: Partial<Expense> & Pick<Expense, '_id' | 'amount'>): Expense => ({
  date: '2026-08-12',
  vatAmount: 0,
  vatReclaimable: true,
  notes: '',
  ...over,
});
const books = (s: Partial<BookSources>): BookSources => ({
  transactions: [],
  expenses: [],
  journals: [],
  categories: [],
  ...s,
});
const boxes = (over: Partial<BoxesPence>): BoxesPence => ({
  box1: 0,
  box2: 0,
  box3: 0,
  box4: 0,
  box5: 0,
  box6: 0,
  box7: 0,
  box8: 0,
  box9: 0,
  ...over,
});

// One quarter's records: a £120 invoice (VAT inclusive at 20%: £20 VAT), a £60 invoice paid £60,
// a pending direct debit of £30, a £36 expense paid with £6 VAT, an unpaid £12 bill with £2 VAT,
// a bill with VAT not reclaimable, and records outside the quarter that must not count.
const QUARTER = books({
  transactions: [
    tx({ _id: 'i1', amount: 120, transactionType: 'Invoice' }),
    tx({ _id: 'i2', amount: 60, transactionType: 'Invoice' }),
    tx({ _id: 'p1', amount: -60, transactionType: 'Payment', transactionSubType: 'cash' }),
    tx({ _id: 'dd', amount: -30, transactionType: 'AutomaticPayment', status: 'pending' }),
    tx({ _id: 'old', amount: 600, transactionType: 'Invoice', date: '2026-06-30' }),
    tx({ _id: 'late', amount: -600, transactionType: 'Payment', date: '2026-10-01' }),
  ],
  expenses: [
    expense({ _id: 'e1', amount: 36, vatAmount: 6, paymentAccountId: 'bank' }),
    expense({ _id: 'e2', amount: 12, vatAmount: 2 }),
    expense({ _id: 'e3', amount: 10, vatAmount: 0, vatReclaimable: false, paymentAccountId: 'bank' }),
    expense({ _id: 'e4', amount: 500, vatAmount: 100, date: '2026-10-01', paymentAccountId: 'bank' }),
  ],
});

describe('the nine boxes of a quarter (HMRC VAT Notice 700/12; 731 cash; 733 flat rate)', () => {
  const rows: [string, Parameters<typeof nineBoxesPence>[2], BoxesPence][] = [
    [
      // "Box 1: VAT due on sales ... in the period"; "Box 4: VAT reclaimed on purchases"; boxes 6
      // and 7 "excluding VAT". Accrual: what was invoiced and billed, paid or not.
      'standard: VAT on invoices and bills of the period',
      { scheme: 'standard', salesVatRate: 20 },
      boxes({ box1: 3000, box3: 3000, box4: 800, box5: 2200, box6: 15000, box7: 5000 }),
    ],
    [
      // Notice 731: "you pay VAT on your sales when your customers pay you" and "reclaim VAT on
      // your purchases when you have paid for them": the £60 paid (£10 VAT), the paid £36 bill.
      'cash accounting: VAT on money received and bills paid',
      { scheme: 'cash', salesVatRate: 20 },
      boxes({ box1: 1000, box3: 1000, box4: 600, box5: 400, box6: 5000, box7: 4000 }),
    ],
    [
      // Notice 733: "apply the flat rate percentage to the VAT inclusive turnover"; box 4 only for
      // capital assets (none); box 6 "including VAT" under the flat rate scheme.
      'flat rate 12%: a rate of the VAT-inclusive turnover, no VAT reclaimed',
      { scheme: 'flat-rate', flatRatePercent: 12, salesVatRate: 20 },
      boxes({ box1: 2160, box3: 2160, box4: 0, box5: 2160, box6: 18000, box7: 5000 }),
    ],
  ];
  it.each(rows)('%s', (_name, options, expected) => {
    expect(nineBoxesPence(QUARTER, Q, options)).toEqual(expected);
  });

  it("standard: the same sums as the books' own postings (boxes 1, 4, 6 and 7 of the VAT return tab)", () => {
    const books = {
      ...QUARTER,
      transactions: [
        ...QUARTER.transactions,
        tx({ _id: 'i1r', amount: -120, transactionType: 'Invoice', voidedId: 'i1' }),
        { _id: 'x1', amount: -9.99, date: '2026-08-02', transactionType: 'Expense' as const },
      ],
    };
    const postings = postAll(books, { vatRegistered: true, salesVatRate: 20 });
    const ledgers = deriveLedgers({ customers: [], suppliers: [], paymentAccounts: [], categories: [] });
    const fromBooks = vatReturn(postings, ledgers, { from: Q.start, to: Q.end });
    const b = nineBoxesPence(books, Q, { scheme: 'standard', salesVatRate: 20 });
    expect([b.box1, b.box4, b.box6, b.box7]).toEqual([
      fromBooks.vatDueSales,
      fromBooks.vatReclaimed,
      fromBooks.salesExVat,
      fromBooks.purchasesExVat,
    ]);
  });

  it('box 5 is the difference of boxes 3 and 4 and never negative: a quarter to reclaim', () => {
    const reclaim = books({
      expenses: [expense({ _id: 'van', amount: 1200, vatAmount: 200, paymentAccountId: 'bank' })],
    });
    const b = nineBoxesPence(reclaim, Q, { scheme: 'standard', salesVatRate: 20 });
    expect(b).toMatchObject({ box3: 0, box4: 20000, box5: 20000 });
  });

  it('a manual journal to VAT on sales counts in box 1 (the books are the ledger)', () => {
    const journal = books({
      journals: [
        {
          _id: 'j1',
          date: '2026-09-01',
          description: 'Correction',
          lines: [
            { ledgerId: 'suspense', amount: 5 },
            { ledgerId: 'vat:output', amount: -5 },
          ],
        },
      ],
    });
    expect(nineBoxesPence(journal, Q, { scheme: 'standard', salesVatRate: 20 }).box1).toBe(500);
  });
});

describe("HMRC's units and cross-checks", () => {
  it('boxes 1 to 5 in pounds and pence, 6 to 9 in whole pounds (pence left off)', () => {
    expect(
      toHmrc(boxes({ box1: 12345, box3: 12345, box4: 45, box5: 12300, box6: 61799, box7: -199 })),
    ).toEqual({
      vatDueSales: 123.45,
      vatDueAcquisitions: 0,
      totalVatDue: 123.45,
      vatReclaimedCurrPeriod: 0.45,
      netVatDue: 123,
      totalValueSalesExVAT: 617,
      totalValuePurchasesExVAT: -1,
      totalValueGoodsSuppliedExVAT: 0,
      totalAcquisitionsExVAT: 0,
    });
  });

  const ok = toHmrc(boxes({ box1: 1000, box3: 1000, box4: 400, box5: 600 }));
  const cases: [string, Partial<typeof ok>, string | undefined][] = [
    ['box 3 = box 1 + box 2, box 5 = |box 3 - box 4|', {}, undefined],
    ['box 3 not box 1 + box 2', { totalVatDue: 10.01 }, 'vat.box3-mismatch'],
    ['box 5 not |box 3 - box 4|', { netVatDue: 6.01 }, 'vat.box5-mismatch'],
    ['box 5 signed instead of absolute', { vatReclaimedCurrPeriod: 16, netVatDue: 6 }, undefined],
    ['a fraction of a penny', { vatDueSales: 10.001, totalVatDue: 10.001 }, 'vat.box-whole-pence'],
  ];
  it.each(cases)('%s', (_name, change, error) => {
    expect(boxesError({ ...ok, ...change })).toBe(error);
  });
});

describe('fraud prevention headers (WEB_APP_VIA_SERVER), as HMRC validates them', () => {
  const valid = {
    'Gov-Client-Connection-Method': 'WEB_APP_VIA_SERVER',
    'Gov-Client-Browser-JS-User-Agent': 'Mozilla/5.0',
    'Gov-Client-Device-ID': 'beec798b-b366-47fa-b1f8-92cede14a1ce',
    'Gov-Client-Multi-Factor': '',
    'Gov-Client-Public-IP': '198.51.100.0',
    'Gov-Client-Public-IP-Timestamp': '2026-11-25T10:01:02.123Z',
    'Gov-Client-Public-Port': '12345',
    'Gov-Client-Screens': 'width=1920&height=1080&scaling-factor=1&colour-depth=24',
    'Gov-Client-Timezone': 'UTC+00:00',
    'Gov-Client-User-IDs': 'roundwise=U1',
    'Gov-Client-Window-Size': 'width=1256&height=803',
    'Gov-Vendor-Forwarded': 'by=203.0.113.6&for=198.51.100.0',
    'Gov-Vendor-Public-IP': '203.0.113.6',
    'Gov-Vendor-Product-Name': 'Roundwise',
    'Gov-Vendor-Version': 'roundwise=0.1.0',
  };
  it('all present and well formed: VALID_HEADERS', () => {
    expect(validateFraudHeaders(valid).code).toBe('VALID_HEADERS');
  });
  it('a header missing, one empty, one malformed: INVALID_HEADERS naming each', () => {
    const { 'Gov-Client-Device-ID': _, ...rest } = valid;
    const result = validateFraudHeaders({
      ...rest,
      'Gov-Client-Timezone': '',
      'Gov-Client-Public-Port': '70000',
    });
    expect(result.code).toBe('INVALID_HEADERS');
    expect(result.errors).toEqual([
      { code: 'MISSING_HEADER', message: 'Header required', headers: ['gov-client-device-id'] },
      { code: 'EMPTY_HEADER', message: 'Header must not be empty', headers: ['gov-client-timezone'] },
      { code: 'INVALID_HEADER', message: 'must be a port, 1 to 65535', headers: ['gov-client-public-port'] },
    ]);
  });
  it('a loopback client address: POTENTIALLY_INVALID_HEADERS (a warning, not an error)', () => {
    const result = validateFraudHeaders({ ...valid, 'Gov-Client-Public-IP': '127.0.0.1' });
    expect(result.code).toBe('POTENTIALLY_INVALID_HEADERS');
    expect(result.warnings?.[0]?.headers).toEqual(['gov-client-public-ip']);
  });
});
