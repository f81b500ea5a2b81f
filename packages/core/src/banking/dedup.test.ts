import { describe, expect, it } from 'vitest';
import { mergeImport } from './dedup.ts';
import type { BankLine, IncomingLine } from './schema.ts';

const opts = {
  paymentAccountId: 'PA1',
  source: 'bank' as const,
  stableIds: false,
  now: '2026-11-20T00:00:00Z',
};
const line = (over: Partial<IncomingLine>): IncomingLine => ({
  status: 'booked',
  date: '2026-11-10',
  amount: -12.5,
  payee: 'SHELL 1234 LONDON GB',
  description: '',
  ...over,
});

/** Imports one batch after another over the same held lines, as the command does. */
function run(batches: IncomingLine[][], o = opts) {
  let held: BankLine[] = [];
  const results = [];
  for (const batch of batches) {
    const r = mergeImport(held, batch, o);
    const replaced = new Map(r.replaced.map((l) => [l._id, l]));
    held = [...held.map((l) => replaced.get(l._id) ?? l), ...r.added];
    results.push({ added: r.added.length, replaced: r.replaced.length, skipped: r.skipped });
  }
  return { held, results };
}

describe('every line once: the dedup key', () => {
  it.each([
    {
      name: 'the same line imported again is held once',
      batches: [[line({})], [line({})]],
      held: 1,
    },
    {
      name: 'two identical real payments of one day are both kept, and found again',
      batches: [
        [line({}), line({})],
        [line({}), line({})],
      ],
      held: 2,
    },
    {
      name: 'a third identical payment in a later import is new',
      batches: [
        [line({}), line({})],
        [line({}), line({}), line({})],
      ],
      held: 3,
    },
    {
      name: 'the payee as another bank or a file writes it is the same payee',
      batches: [[line({ payee: 'SHELL 1234 LONDON GB' })], [line({ payee: 'Shell, London' })]],
      held: 1,
    },
    {
      name: 'within 3 days is the same line; 4 days apart are two',
      batches: [
        [line({ date: '2026-11-10' }), line({ date: '2026-11-20' })],
        [line({ date: '2026-11-13' }), line({ date: '2026-11-24' })],
      ],
      held: 3,
    },
    {
      name: 'another amount or another payee is another line',
      batches: [[line({})], [line({ amount: -12.51 }), line({ payee: 'Tesco' })]],
      held: 3,
    },
    {
      name: 'reissued ids (unstable): the booked line with a new id is still the same line',
      batches: [[line({ providerId: 'a1' })], [line({ providerId: 'zz9', date: '2026-11-11' })]],
      held: 1,
    },
  ])('$name', ({ batches, held }) => {
    expect(run(batches).held).toHaveLength(held);
  });

  it('stable ids: two booked lines alike in all but id are two payments; the same id is one', () => {
    const stable = { ...opts, stableIds: true };
    const { held } = run(
      [
        [line({ providerId: 'b1' }), line({ providerId: 'b2' })],
        [line({ providerId: 'b1' }), line({ providerId: 'b2' }), line({ providerId: 'b3' })],
      ],
      stable,
    );
    expect(held.map((l) => l.providerId).sort()).toEqual(['b1', 'b2', 'b3']);
  });

  it('ids are made from what a line is, so a rerun over part of its own writes makes the same ones', () => {
    const batch = [line({}), line({}), line({ amount: 5, payee: 'Customer' })];
    const all = mergeImport([], batch, opts).added;
    const rerun = mergeImport(all.slice(0, 1), batch, opts);
    expect(rerun.added.map((l) => l._id)).toEqual(all.slice(1).map((l) => l._id));
    expect(rerun.skipped).toBe(1);
  });
});

describe('a booked line replaces its pending twin', () => {
  it.each([
    { name: 'same day, new id', booked: { providerId: 'bk-1' } },
    { name: 'booked two days later', booked: { providerId: 'bk-1', date: '2026-11-12' } },
    { name: 'from a CSV without an id', booked: {} },
  ])('$name', ({ booked }) => {
    const { held, results } = run([[line({ status: 'pending', providerId: 'p-1' })], [line(booked)]]);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ status: 'booked', date: booked.date ?? '2026-11-10' });
    expect(results[1]).toEqual({ added: 0, replaced: 1, skipped: 0 });
  });

  it('pending, then booked, then a CSV of the same month: no duplicate, no pending left', () => {
    const month = Array.from({ length: 30 }, (_, i) => ({
      date: `2026-11-${String(i + 1).padStart(2, '0')}`,
      amount: -(10 + (i % 3)),
      payee: i % 2 ? 'Shell' : 'Screwfix Direct',
    }));
    const pending = month.map((m, i) => line({ ...m, status: 'pending', providerId: `p${i}` }));
    const booked = month.map((m, i) => line({ ...m, providerId: `b${i}` }));
    const csv = month.map((m) => line({ ...m, payee: m.payee.toUpperCase() }));
    const { held, results } = run([pending, booked, csv]);
    expect(held).toHaveLength(30);
    expect(held.every((l) => l.status === 'booked')).toBe(true);
    expect(results[2]).toEqual({ added: 0, replaced: 0, skipped: 30 });
  });

  it('a pending line arriving after its booked twin is not added', () => {
    const { held } = run([[line({ providerId: 'b' })], [line({ status: 'pending', providerId: 'p' })]]);
    expect(held).toHaveLength(1);
    expect(held[0]?.status).toBe('booked');
  });
});
