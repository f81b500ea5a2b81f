import { Attachments } from '@roundwise/core';
import { recordJournal, setupBalance } from '@roundwise/core/balance/commands';
import { postTransaction } from '@roundwise/core/balance/postings';
import { createCategory } from '@roundwise/core/expense-categories/commands';
import { createExpense } from '@roundwise/core/expenses/commands';
import { createPaymentAccount } from '@roundwise/core/payments/account-commands';
import type { LedgerEntry } from '@roundwise/core/payments/schema';
import { createSupplier } from '@roundwise/core/suppliers/commands';
import { DAY_MS, dayOf, isoDay } from './dates.ts';
import { type Ctx, round2 } from './model.ts';
import { Random, seededUlid } from './prng.ts';
import { receiptPdf } from './receipt-pdf.ts';
import { Timeline } from './runner.ts';

type CategoryKey = 'fuel' | 'vehicle' | 'parking' | 'supplies' | 'insurance' | 'advertising' | 'phone';

const CATEGORIES: Record<CategoryKey, string> = {
  fuel: 'Fuel',
  vehicle: 'Vehicle costs',
  // Its expenses post to the vehicle costs' ledger (a category may name another's).
  parking: 'Parking',
  supplies: 'Equipment and supplies',
  insurance: 'Insurance',
  advertising: 'Advertising',
  phone: 'Phone and software',
};

type SupplierKey = 'fuel' | 'garage' | 'supplies' | 'hardware' | 'insurance' | 'print' | 'phone';

/** Made-up businesses; emails on the reserved example domains, phones in Ofcom's drama range. */
const SUPPLIERS: Record<SupplierKey, { name: string; notes: string; contact?: [string, string, string] }> = {
  fuel: { name: 'Fenland Fuels', notes: 'Fuel card: the vans fill up on Histon Road.' },
  garage: {
    name: 'Cam Valley Motors',
    notes: 'Services the vans every four months. Ask for Dave.',
    contact: ['Dave Porter', 'service@camvalley.example.com', '01632 960311'],
  },
  supplies: {
    name: 'Window Pro Supplies Ltd',
    notes: 'Poles, brushes, resin for the pure water. Invoices on 30 days.',
    contact: ['Accounts', 'accounts@windowpro.example.org', '01632 960412'],
  },
  hardware: { name: 'Chesterton Hardware', notes: 'Cash purchases, no VAT receipts.' },
  insurance: {
    name: 'Granta Insurance Brokers',
    notes: 'Van and public liability insurance, monthly by Direct Debit.',
    contact: ['Priya Shah', 'priya@granta-insurance.example.net', '01632 960518'],
  },
  print: { name: 'Mill Road Print', notes: 'Leaflets for new streets.' },
  phone: { name: 'Fen Mobile', notes: 'Phones and the office broadband.' },
};

export interface Receipt {
  body: Uint8Array;
  contentType: 'application/pdf';
}

export interface Books {
  /** The business's bank account (payments by bank, card and Direct Debit land here). */
  bankId: string;
  /** The cash tin (cash payments). */
  cashId: string;
  /** Receipt files by their attachment key: what the loader puts in the attachments bucket. */
  receipts: Map<string, Receipt>;
  /** Every step of the books (play it after the ledger: the journals name the payment accounts). */
  timeline: Timeline;
  /** How many records the books write, at most (a month end with nothing to move writes none). */
  expected: number;
  /**
   * The customers' transactions the data set keeps: set once the ledger is played, before the
   * books' timeline (the month ends bank the takings and size the drawings from them).
   */
  ledger: () => Iterable<LedgerEntry & { paymentAccountId?: string }>;
}

/**
 * The books a business keeps beside its rounds: its payment accounts and the balance set up a
 * day after the services (VAT registered: the town's takings are over the threshold; prices
 * include VAT), suppliers and expense categories, a history of expenses (fuel weekly per van,
 * servicing, parking, supplies, insurance, leaflets, phones: some with VAT at a rate, some the
 * receipt's amount, some not reclaimable, the newest supplies bills not paid yet), receipts for
 * some recent ones, the opening capital and the owner's monthly drawings. All through the app's
 * commands as the Owner. Ids come from a stream of their own, so the rest of the data set keeps
 * its ids; the amounts grow with the number of vans (a van for about eight rounds).
 */
export function planBooks(ctx: Ctx, accountId: string): Books {
  const rng = ctx.rng('books');
  const ids = Random.of(`ids|${ctx.scale}|${accountId}|books`).next;
  const id = (ms: number) => seededUlid(ms, ids);
  const { runner } = ctx;
  const timeline = new Timeline();
  const receipts = new Map<string, Receipt>();
  const vans = Math.max(1, Math.round(ctx.config.rounds / 8));
  const startMs = ctx.setupMs + DAY_MS + 3_600_000;
  const bankId = id(startMs);
  const cashId = id(startMs);
  let expected = 3;

  timeline.at(startMs, async () => {
    await runner.run(createPaymentAccount, {
      _id: bankId,
      name: 'Business current account',
      subType: 'bank',
    });
    await runner.run(createPaymentAccount, { _id: cashId, name: 'Cash tin', subType: 'cash' });
    await runner.run(setupBalance, { yearStartMonth: 4, vatRegistered: true, salesVatRate: 20 });
  });

  const supplierIds = {} as Record<SupplierKey, string>;
  for (const [key, s] of Object.entries(SUPPLIERS) as [SupplierKey, (typeof SUPPLIERS)[SupplierKey]][]) {
    const _id = id(startMs);
    supplierIds[key] = _id;
    expected++;
    const contacts = s.contact ? [{ name: s.contact[0], email: s.contact[1], phone: s.contact[2] }] : [];
    timeline.at(startMs, () => runner.run(createSupplier, { _id, name: s.name, notes: s.notes, contacts }));
  }
  const categoryIds = {} as Record<CategoryKey, string>;
  for (const [key, description] of Object.entries(CATEGORIES) as [CategoryKey, string][]) {
    const _id = id(startMs);
    categoryIds[key] = _id;
    expected++;
    const balanceLedgerId = key === 'parking' ? `overhead:${categoryIds.vehicle}` : undefined;
    timeline.at(startMs, () =>
      runner.run(createCategory, { _id, description, ...(balanceLedgerId ? { balanceLedgerId } : {}) }),
    );
  }

  // Money in and out of the bank and the cash tin by day of the history, in pence: the planned
  // expenses now, the customers' takings and the journals as they are played.
  const first = ctx.historyStart;
  const days = ctx.today - first;
  const bank = `fund:${bankId}`;
  const cash = `fund:${cashId}`;
  const moves = new Map([bank, cash].map((f) => [f, new Array<number>(days).fill(0)]));
  const move = (fund: string, day: number, pence: number) => {
    const daily = moves.get(fund);
    if (daily && day >= first && day < ctx.today) daily[day - first]! += pence;
  };
  let takingsIn = false;
  const takeTakings = () => {
    if (takingsIn) return;
    takingsIn = true;
    for (const t of books.ledger()) {
      const day = dayOf(t.date);
      for (const l of postTransaction(t, { vatRegistered: true, salesVatRate: 20 }).lines)
        move(l.ledgerId, day, l.pence);
    }
  };
  /** A fund's (or both's) balance in pence at the end of each day from `from` to the last. */
  const balances = (funds: string[], from: number): number[] => {
    takeTakings();
    const out: number[] = [];
    let pence = 0;
    for (let i = 0; i < days; i++) {
      for (const f of funds) pence += moves.get(f)![i]!;
      if (i >= from - first) out.push(pence);
    }
    return out;
  };

  const journal = (
    day: number,
    description: string,
    debit: string,
    credit: string,
    amount: number | (() => number),
  ) => {
    const ms = day * DAY_MS + 23 * 3_600_000;
    const _id = id(ms);
    expected++;
    timeline.at(ms, () => {
      // The month ends' amounts depend on the takings, known only once the ledger is played.
      const pounds = typeof amount === 'function' ? amount() : amount;
      if (pounds <= 0) return Promise.resolve();
      move(debit, day, Math.round(pounds * 100));
      move(credit, day, -Math.round(pounds * 100));
      return runner.run(recordJournal, {
        _id,
        date: isoDay(day),
        description,
        lines: [
          { ledgerId: debit, amount: pounds },
          { ledgerId: credit, amount: -pounds },
        ],
      });
    });
  };

  // The opening capital: enough that the year's quiet months never overdraw the bank (the data
  // set keeps only the newest invoices, so its first months are mostly costs). At each month's
  // end the cash tin's takings are paid into the bank, a float kept, and the owner draws most of
  // what the business will not need before today: fixed drawings left the demo overdrawn.
  const keep = 150_000 * vans;
  const FLOAT = 100;
  journal(first, 'Opening balance: capital paid in', bank, 'equity:capital', () => {
    const lowest = Math.min(...balances([bank, cash], first));
    return Math.max(2500 * vans, Math.ceil((keep - lowest) / 50_000) * 500);
  });
  journal(first, 'Opening float for the cash tin', cash, 'equity:capital', FLOAT);
  for (let day = first + 1; day < ctx.today; day++) {
    if (!isoDay(day + 1).endsWith('-01')) continue;
    const d = day;
    journal(d, 'Cash paid into the bank', bank, cash, () => (balances([cash], d)[0]! - FLOAT * 100) / 100);
    journal(d, "Owner's drawings", 'equity:drawings', bank, () => {
      const spare = Math.min(...balances([bank, cash], d)) - keep;
      return spare > 0 ? Math.floor((spare * 0.7) / 5000) * 50 : 0;
    });
  }

  const expense = (
    day: number,
    supplier: SupplierKey,
    category: CategoryKey,
    amount: number,
    vat: { rate: number } | { amount: number } | { rate: number; reclaimable: false },
    paidFrom: string | undefined,
    notes = '',
    receipt = false,
  ) => {
    if (day >= ctx.today) return;
    if (paidFrom) move(`fund:${paidFrom}`, day, -Math.round(amount * 100));
    const ms = Math.min(day * DAY_MS + rng.int(8 * 60, 18 * 60) * 60_000, ctx.latestMs);
    const _id = id(ms);
    const attachmentIds: string[] = [];
    expected++;
    if (receipt) {
      const attachmentId = id(ms);
      attachmentIds.push(attachmentId);
      const key = `${accountId}/${attachmentId}`;
      const body = receiptPdf([
        SUPPLIERS[supplier].name,
        `Date: ${isoDay(day)}`,
        `${CATEGORIES[category]}${notes ? `: ${notes}` : ''}`,
        `Total GBP ${amount.toFixed(2)}`,
        'rate' in vat && vat.rate ? `Includes VAT at ${vat.rate}%` : 'No VAT',
      ]);
      receipts.set(key, { body, contentType: 'application/pdf' });
      expected++;
      timeline.at(ms, () =>
        runner.record(
          'attachment',
          Attachments.Attachment,
          {
            _id: attachmentId,
            name: `Receipt ${SUPPLIERS[supplier].name} ${isoDay(day)}.pdf`,
            contentType: 'application/pdf',
            size: body.length,
            key,
            createdDate: new Date(ms).toISOString(),
            createdBy: ctx.userIds.owner,
            related: [_id],
          },
          ms,
        ),
      );
    }
    const vatFields =
      'amount' in vat
        ? { vatAmount: vat.amount }
        : { vatRate: vat.rate, ...('reclaimable' in vat ? { vatReclaimable: false } : {}) };
    timeline.at(ms, () =>
      runner.run(createExpense, {
        _id,
        date: isoDay(day),
        supplierId: supplierIds[supplier],
        expenseCategoryId: categoryIds[category],
        amount: round2(amount),
        ...vatFields,
        ...(paidFrom ? { paymentAccountId: paidFrom } : {}),
        attachmentIds,
        notes,
      }),
    );
  };

  // Receipts are kept for the last two months' bills (older paper went in the box file).
  const recent = (day: number) => day >= ctx.today - 60;
  for (let day = first; day < ctx.today; day++) {
    const dow = (((day + 4) % 7) + 7) % 7;
    const monthDay = Number(isoDay(day).slice(8));
    if (dow === 1) {
      for (let van = 1; van <= vans; van++) {
        const receipt = recent(day) && rng.chance(0.3);
        expense(day, 'fuel', 'fuel', round2(rng.float(55, 95)), { rate: 20 }, bankId, `Van ${van}`, receipt);
      }
    }
    if (dow === 3 && rng.chance(0.5)) {
      // Parking: the machine's ticket gives the VAT in pence.
      const amount = round2(rng.int(8, 24) * 0.5);
      expense(
        day,
        'garage',
        'parking',
        amount,
        { amount: round2(amount / 6) },
        cashId,
        'Town centre parking',
      );
    }
    if (monthDay === 2) {
      expense(day, 'insurance', 'insurance', round2(48 * vans), { rate: 0 }, bankId, 'Monthly premium');
      expense(day, 'phone', 'phone', round2(28 + 9 * vans), { rate: 20 }, bankId, '', recent(day));
    }
    if (monthDay === 10 || monthDay === 24) {
      for (let n = 0; n < Math.ceil(vans / 2); n++) {
        // Bills on 30 days: the newest are not paid yet (owed to the supplier).
        const paid = day < ctx.today - 30 ? bankId : undefined;
        const receipt = recent(day) && rng.chance(0.5);
        const items = rng.pick([
          'Resin refill',
          'Brushes and squeegees',
          'Hose and fittings',
          'Pole sections',
        ]);
        expense(day, 'supplies', 'supplies', round2(rng.float(40, 260)), { rate: 20 }, paid, items, receipt);
      }
    }
    if (monthDay === 17 && rng.chance(0.6)) {
      // A cash buy with no VAT receipt: the VAT in it cannot be claimed back.
      const amount = round2(rng.float(6, 40));
      expense(
        day,
        'hardware',
        'supplies',
        amount,
        { rate: 20, reclaimable: false },
        cashId,
        'Cloths and scrim',
      );
    }
    if ((day - first) % 120 === 40) {
      for (let van = 1; van <= vans; van++) {
        expense(
          day,
          'garage',
          'vehicle',
          round2(rng.float(180, 420)),
          { rate: 20 },
          bankId,
          `Service, van ${van}`,
        );
      }
    }
    if ((day - first) % 91 === 20) {
      expense(
        day,
        'print',
        'advertising',
        round2(rng.float(120, 300)),
        { rate: 20 },
        bankId,
        'Leaflets',
        recent(day),
      );
    }
  }
  const books: Books = {
    bankId,
    cashId,
    receipts,
    timeline,
    expected,
    ledger: () => {
      throw new Error('the books were played before the ledger');
    },
  };
  return books;
}
