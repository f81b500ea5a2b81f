import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { AuditLog } from '@roundwise/db';
import { startTestApi } from '../../functions/src/test-harness.ts';
import { percentile } from './lib.ts';

const ENTRIES = 100_000;
const NAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Wilson',
  'Evans',
  'Thomas',
  'Roberts',
  'Walker',
  'Wright',
];
const ACTIONS = ['customers.update', 'visits.complete', 'jobs.update', 'visits.skip', 'customers.create'];
const PEOPLE = ['owner@example.com', 'admin@example.com', 'worker@example.com'];

/**
 * `audit.query_100k_ms`: the first page of a search with a date range and two terms over
 * an account's 100,000 entries (a year of a busy round's work), through `POST /api/audit/events`
 * on the in-process API over dynalite. The date range narrows what is read; the terms are matched
 * in code.
 */
export async function auditQueryFigure(): Promise<number> {
  const api = await startTestApi();
  try {
    const c = api.client();
    await c.signup('audit-bench@example.com');
    await c.patch('/account', { flags: ['audit'] });
    await c.patch('/me', { developerMode: true });
    const me = (await c.get('/me')).json;
    const accountId = me.account.accountId as string;
    const log = new AuditLog(api.db);
    const start = Date.parse('2026-01-01T08:00:00Z');
    const step = (365 * 86_400_000) / ENTRIES;
    for (let i = 0; i < ENTRIES; i += 25) {
      const puts = [];
      for (let j = i; j < Math.min(i + 25, ENTRIES); j++) {
        const name = `${['Ann', 'Bob', 'Cat', 'Dan'][j % 4]} ${NAMES[j % NAMES.length]}`;
        const action = ACTIONS[j % ACTIONS.length] as string;
        const entry = {
          id: `bench-${String(j).padStart(6, '0')}`,
          timestamp: new Date(start + j * step).toISOString(),
          createdBy: PEOPLE[j % PEOPLE.length] as string,
          action,
          subject: { id: `C${j % 5000}`, resourceType: 'customer' },
          relatedSubjects: [],
          actionDetailsSummary: `${action} customer ${name}`,
          actionDetailsDescription: `update customer C${j % 5000}\n  telephoneNumber: 01223 ${j} -> 01223 ${j + 1}`,
          changes: [],
        };
        puts.push({ PutRequest: { Item: log.item(accountId, entry).Put?.Item } });
      }
      await api.db.doc.send(new BatchWriteCommand({ RequestItems: { [api.db.tableName]: puts } }));
    }
    const times: number[] = [];
    for (let i = 0; i < 21; i++) {
      const t0 = performance.now();
      const res = await c.post('/audit/events', { query: '01/03/2026..31/03/2026 && smith && update' });
      times.push(performance.now() - t0);
      if (res.status !== 200 || res.json.items.length !== 50) throw new Error(`audit query: ${res.status}`);
    }
    return percentile(times.slice(1), 50);
  } finally {
    await api.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log('audit.query_100k_ms', await auditQueryFigure());
