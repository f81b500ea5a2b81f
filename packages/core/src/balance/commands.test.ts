import { describe, expect, it } from 'vitest';
import { rejection, testActor } from '../testing.ts';
import { scheduleFixture } from '../visits/fixture.ts';
import type { BalanceSettings, JournalEntry } from './schema.ts';

const owner = testActor({ flags: ['balance'] });
const setup = { yearStartMonth: 4, vatRegistered: true, salesVatRate: 20 };
const lines = [
  { ledgerId: 'fund:default', amount: 500 },
  { ledgerId: 'equity:capital', amount: -500 },
];

describe('balance: setup and journal entries', () => {
  it('setup marks the books set up; a balanced journal is recorded once', async () => {
    const f = await scheduleFixture(owner);
    await f.run('balance.setup', setup);
    expect(await f.store.get<BalanceSettings>('balanceSettings', 'balance')).toMatchObject({
      setupComplete: true,
      yearStartMonth: 4,
    });
    await f.run('balance.record-journal', {
      _id: 'J1',
      date: '2026-11-01',
      description: 'Capital paid in',
      lines,
    });
    const before = f.writes();
    await f.run('balance.record-journal', {
      _id: 'J1',
      date: '2026-11-01',
      description: 'Capital paid in',
      lines,
    });
    expect(f.writes()).toBe(before);
  });

  it.each([
    [{ lines: [lines[0], { ...lines[1], amount: -499.99 }] }, 'balance.journal-unbalanced'],
    [{ lines: [lines[0]] }, 'balance.journal-two-lines'],
    [{ lines: [...lines, { ledgerId: 'sales', amount: 0 }] }, 'balance.line-amount-required'],
    [{ lines: [{ ...lines[0], ledgerId: 'debtor:nobody' }, lines[1]] }, 'balance.ledger-not-found'],
    [{ lines: [{ ...lines[0], ledgerId: 'made-up' }, lines[1]] }, 'balance.ledger-not-found'],
    [{ description: ' ' }, 'balance.description-required'],
    [{ lines: [{ ...lines[0], amount: 0.005 }, lines[1]] }, 'balance.amount-whole-pence'],
  ])('%j is refused with %s, writing nothing', async (over, code) => {
    const f = await scheduleFixture(owner);
    await f.run('balance.setup', setup);
    const before = f.writes();
    const input = { date: '2026-11-01', description: 'x', lines, ...over };
    expect((await rejection(f.run('balance.record-journal', input))).code).toBe(code);
    expect(f.writes()).toBe(before);
  });

  it('a journal needs the books set up; a reversal keeps both and names each other', async () => {
    const f = await scheduleFixture(owner);
    const input = { _id: 'J1', date: '2026-11-01', description: 'Capital', lines };
    expect((await rejection(f.run('balance.record-journal', input))).code).toBe('balance.not-set-up');
    await f.run('balance.setup', setup);
    await f.run('balance.record-journal', {
      ...input,
      lines: [
        { ledgerId: 'debtor:C1', amount: 1 },
        { ledgerId: 'sales', amount: -1 },
      ],
    });
    await f.run('balance.reverse-journal', { _id: 'J1', reversalId: 'J1R' });
    expect(await f.store.get<JournalEntry>('journalEntry', 'J1')).toMatchObject({ reversedBy: 'J1R' });
    expect(await f.store.get<JournalEntry>('journalEntry', 'J1R')).toMatchObject({
      reversalOf: 'J1',
      lines: [
        { ledgerId: 'debtor:C1', amount: -1 },
        { ledgerId: 'sales', amount: 1 },
      ],
    });
    expect((await rejection(f.run('balance.reverse-journal', { _id: 'nope' }))).code).toBe(
      'balance.transaction-not-found',
    );
  });

  it.each([
    [testActor({ flags: [] }), 'access.feature-required'],
    [testActor({ flags: ['balance'], level: 'Advanced' }), 'access.level-required'],
    [testActor({ flags: ['balance'], roles: ['Reporting'] }), 'access.role-required'],
  ])('%j may not set up the books: %s', async (actor, code) => {
    const f = await scheduleFixture(owner);
    expect((await rejection(f.run('balance.setup', setup, f.ctxOf(actor)))).code).toBe(code);
  });
});
