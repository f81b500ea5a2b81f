import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startTestApi } from '../test-harness.ts';

/**
 * The books through the real API on dynalite: suppliers, expense categories, expenses and the
 * balance's commands; each refusal answers the spec's key and writes no record; roles on the
 * server; the insights reports call; what a Reporting member's device receives.
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
let owner: Client;
let worker: Client;
let reporting: Client;
let accountId: string;

const BOOK_TYPES = ['supplier', 'expenseCategory', 'expense', 'balanceSettings', 'journalEntry'];

beforeAll(async () => {
  api = await startTestApi('dynalite');
  owner = api.client();
  accountId = (await owner.signup('books-owner@example.com', 'Books Rounds')).json.account.accountId;
  expect((await owner.patch('/account', { flags: ['balance'] })).status).toBe(200);
  ({ member: worker } = await api.addMember(owner, 'books-worker@example.com', ['Worker']));
  ({ member: reporting } = await api.addMember(owner, 'books-reporting@example.com', ['Reporting']));
  await owner.command('customers.create', { _id: 'ann', name: 'Ann' });
  await owner.command('payments.create-account', {
    _id: 'pa1',
    name: 'Current account',
  });
}, 60_000);
afterAll(async () => api?.stop());

/** The stored records of the books' types, as text (a refusal must leave these as they were). */
async function records() {
  const out: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await api.db.doc.send(
      new ScanCommand({ TableName: api.db.tableName, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    for (const item of page.Items ?? []) {
      if (BOOK_TYPES.some((t) => item.pk === `A#${accountId}#${t}`)) out.push(JSON.stringify(item));
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return out.sort();
}

describe('suppliers, categories and expenses through commands', () => {
  it('records an expense with VAT worked out from the rate, once per commandId', async () => {
    expect((await owner.command('suppliers.create', { _id: 'su1', name: ' Fuel Co ' })).status).toBe(200);
    expect(
      (await owner.command('expense-categories.create', { _id: 'ec1', description: 'Fuel' })).status,
    ).toBe(200);
    const input = {
      _id: 'ex1',
      date: '2026-11-20',
      supplierId: 'su1',
      expenseCategoryId: 'ec1',
      paymentAccountId: 'pa1',
      amount: 61.99,
      vatRate: 20,
    };
    const first = await owner.command('expenses.create', input, 'cmd-expense-1');
    expect([first.status, first.json.result.vatAmount]).toEqual([200, 10.33]);
    const before = await records();
    expect(before.filter((r) => r.includes('"ex1"'))).toHaveLength(1);
    const again = await owner.command('expenses.create', input, 'cmd-expense-1');
    expect(again.json.result).toEqual(first.json.result);
    expect(await records()).toEqual(before);
  });

  it.each([
    ['suppliers.create', { name: '  ' }, 400, 'supplier-form.name-required'],
    ['suppliers.create', { name: 'FUEL CO' }, 400, 'supplier.duplicate'],
    ['expense-categories.create', { description: 'fuel' }, 400, 'expense-category.duplicate'],
    ['expense-categories.create', { description: '' }, 400, 'expense-category.name-required'],
    [
      'expenses.create',
      { date: '2026-11-20', amount: 10, vatAmount: 11 },
      400,
      'expenses.vat-more-than-amount',
    ],
    ['expenses.create', { date: '2026-11-20', amount: 10, supplierId: 'gone' }, 404, 'supplier.not-found'],
    ['expenses.create', { date: '2026-11-20', amount: -1 }, 400, 'expenses.amount-positive'],
    [
      'balance.record-journal',
      { date: '2026-11-20', description: 'x', lines: [] },
      400,
      'balance.journal-two-lines',
    ],
  ])('%s %j: %i %s, nothing written', async (name, input, status, code) => {
    const before = await records();
    const answer = await owner.command(name, input);
    expect([answer.status, answer.json.code]).toEqual([status, code]);
    expect(await records()).toEqual(before);
  });

  it('the duplicate key names the category', async () => {
    const answer = await owner.command('expense-categories.create', { description: 'FUEL' });
    expect(answer.json.params).toMatchObject({ name: 'FUEL' });
  });

  it("roles are the server's: a Worker and a Reporting member may not touch the books", async () => {
    const before = await records();
    for (const [who, name, input] of [
      [worker, 'expenses.create', { date: '2026-11-20', amount: 5 }],
      [worker, 'suppliers.create', { name: 'Sneaky' }],
      [reporting, 'expense-categories.create', { description: 'Sneaky' }],
      [reporting, 'balance.setup', { yearStartMonth: 4 }],
    ] as const) {
      const answer = await who.command(name, input);
      expect([name, answer.status, answer.json.code]).toEqual([name, 403, 'access.role-required']);
    }
    expect(await records()).toEqual(before);
  });
});

describe('the balance', () => {
  it('refuses a journal before setup, then records a balanced one and refuses an unbalanced one', async () => {
    const lines = [
      { ledgerId: 'fund:pa1', amount: 250 },
      { ledgerId: 'equity:capital', amount: -250 },
    ];
    const early = await owner.command('balance.record-journal', {
      date: '2026-11-01',
      description: 'Capital',
      lines,
    });
    expect([early.status, early.json.code]).toEqual([400, 'balance.not-set-up']);
    expect((await owner.command('balance.setup', { yearStartMonth: 4, vatRegistered: true })).status).toBe(
      200,
    );
    const ok = await owner.command('balance.record-journal', {
      _id: 'j1',
      date: '2026-11-01',
      description: 'Capital',
      lines,
    });
    expect(ok.status).toBe(200);
    const before = await records();
    const off = await owner.command('balance.record-journal', {
      date: '2026-11-01',
      description: 'Off',
      lines: [lines[0], { ...lines[1], amount: -249.99 }],
    });
    expect([off.status, off.json.code, off.json.params.difference]).toEqual([
      400,
      'balance.journal-unbalanced',
      0.01,
    ]);
    const missing = await owner.command('balance.reverse-journal', { _id: 'nope' });
    expect([missing.status, missing.json.code]).toEqual([404, 'balance.transaction-not-found']);
    expect(await records()).toEqual(before);
  });

  it('without the balance feature the books are refused', async () => {
    const other = api.client();
    await other.signup('books-noflag@example.com');
    const answer = await other.command('balance.setup', { yearStartMonth: 1 });
    expect([answer.status, answer.json.code]).toEqual([403, 'access.feature-required']);
  });
});

describe('insights and the Reporting role', () => {
  it('answers the reports tab for Reporting from the server; its device holds none of the books or customers', async () => {
    const answer = await reporting.get('/insights/reports?from=2026-09-01&to=2026-11-30');
    expect(answer.status).toBe(200);
    expect(answer.json.customers.map((m: { month: string }) => m.month)).toEqual([
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    const types = new Set(
      ((await reporting.get('/sync')).json.changes as { type: string }[]).map((c) => c.type),
    );
    for (const t of [...BOOK_TYPES, 'transaction', 'paymentAccount']) expect(types.has(t), t).toBe(false);
    const bad = await reporting.get('/insights/reports?from=2026-12-01&to=2026-11-30');
    expect([bad.status, bad.json.code]).toEqual([400, 'insights.period-invalid']);
    const refused = await worker.get('/insights/reports?from=2026-09-01&to=2026-11-30');
    expect([refused.status, refused.json.code]).toEqual([403, 'access.role-required']);
  });

  it("counts the owner's new customer as gained this month", async () => {
    const month = api.now().toISOString().slice(0, 7);
    const answer = await owner.get(`/insights/reports?from=${month}-01&to=${month}-28`);
    expect(answer.json.customers[0]).toMatchObject({ month, gained: 1 });
  });
});
