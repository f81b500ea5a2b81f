import { describe, expect, it } from 'vitest';
import { dayBounds, matchesQuery, parseQuery, QueryError } from './query.ts';
import type { AuditEntry } from './schema.ts';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 'e1',
  timestamp: '2026-03-10T12:00:00.000Z',
  createdBy: 'owner@example.com',
  action: 'customers.update',
  subject: { id: 'C1', resourceType: 'customer' },
  relatedSubjects: [],
  actionDetailsSummary: 'customers.update customer Ann Smith',
  actionDetailsDescription: 'update customer C1\n  telephoneNumber: 01223 1 -> 01223 2',
  changes: [],
  ...over,
});

const ann = entry({});
const bob = entry({
  id: 'e2',
  timestamp: '2026-03-20T23:30:00.000Z', // 21 March in London? No: GMT until 29 March, so the 20th.
  createdBy: 'admin@example.com',
  action: 'customers.delete',
  actionDetailsSummary: undefined,
  actionDetailsDescription: 'Deleted customer Bob Jones\ndelete customer C2',
});
const summer = entry({ id: 'e3', timestamp: '2026-07-01T23:30:00.000Z', action: 'jobs.update' }); // 2 July in London (BST)

describe('the audit query language (spec 001 section 5)', () => {
  it.each<[string, string[]]>([
    ['', ['e1', 'e2', 'e3']],
    ['ann', ['e1', 'e3']],
    ['ANN', ['e1', 'e3']],
    ['"Bob Jones"', ['e2']],
    ['admin@example.com', ['e2']],
    ['customers.delete', ['e2']],
    ['ann && telephone', ['e1', 'e3']],
    ['ann telephone', ['e1', 'e3']],
    ['ann || bob', ['e1', 'e2', 'e3']],
    ['!ann', ['e2']],
    ['!(ann || bob)', []],
    ['customer && !jobs', ['e1', 'e2']],
    ['10/03/2026', ['e1']],
    ['1/3/2026..15/03/2026', ['e1']],
    ['01/03/2026..20/03/2026', ['e1', 'e2']],
    ['before:20/03/2026', ['e1']],
    ['before: 21/03/2026', ['e1', 'e2']],
    ['after:20/03/2026', ['e3']],
    ['02/07/2026', ['e3']],
    ['01/03/2026..31/03/2026 && owner && !delete', ['e1']],
    ['(ann || bob) && after:15/03/2026', ['e2', 'e3']],
  ])('%j matches %j', (query, ids) => {
    const parsed = parseQuery(query);
    expect(
      [ann, bob, summer].filter((e) => matchesQuery(parsed, e, 'Europe/London')).map((e) => e.id),
    ).toEqual(ids);
  });

  it.each<[string, string, number, number]>([
    // [query, message key, where, how long]
    ['32/01/2026', 'audit.query-date-invalid', 0, 10],
    ['2/30/2026', 'audit.query-date-invalid', 0, 9],
    ['before:2026-01-01', 'audit.query-date-invalid', 7, 10],
    ['after:', 'audit.query-date-invalid', 0, 6],
    ['20/03/2026..01/03/2026', 'audit.query-range-order', 0, 22],
    ['10/03/2026..10/03/2026', 'audit.query-range-order', 0, 22],
    ['01/03/2026..', 'audit.query-date-invalid', 12, 0],
    ['ann &&', 'audit.query-expected-term', 6, 0],
    ['&& ann', 'audit.query-expected-term', 0, 2],
    ['(ann || bob', 'audit.query-unclosed-bracket', 0, 1],
    ['ann)', 'audit.query-unexpected', 3, 1],
    ['"side gate', 'audit.query-unclosed-quote', 0, 10],
    ['!', 'audit.query-expected-term', 1, 0],
  ])('%j is refused with %s at %i (%i characters)', (query, code, at, length) => {
    let error: unknown;
    try {
      parseQuery(query);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(QueryError);
    expect(error).toMatchObject({ code, at, length });
  });

  it('reads the days a query is bounded to, for the server to read only that part of the log', () => {
    expect(dayBounds(parseQuery('01/03/2026..31/03/2026 && ann'))).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(dayBounds(parseQuery('after:01/03/2026 ann before:10/03/2026'))).toEqual({
      from: '2026-03-02',
      to: '2026-03-09',
    });
    expect(dayBounds(parseQuery('01/03/2026..31/03/2026 || ann'))).toEqual({});
    expect(dayBounds(parseQuery('!10/03/2026'))).toEqual({});
  });
});
