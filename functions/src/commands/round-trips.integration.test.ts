import { capacityOf, recordCalls, sequentialCalls } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../test-harness.ts';

/**
 * What a command costs at the table, where it matters on AWS: the round trips made one after
 * another (each a few milliseconds of network from Lambda) and the units billed. The figures of
 * the five most used commands are in `npm run bench` (docs/benchmarks.md); the budget is here.
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  // Effects are left queued: they run after the reply, elsewhere (the queue worker on AWS), and
  // are not the command's round trips (completing a visit asks for its invoice's number).
  api = await startTestApi('dynalite', { effectQueue: { send: async () => {} } });
}, 60_000);
afterAll(() => api.stop());

describe('table round trips of a command', () => {
  it('completing a visit makes at most 4 round trips one after another', async () => {
    const c = api.client();
    await c.signup('trips@example.com');
    const service = (await c.command('services.create', { name: 'Windows', defaultPrice: 12 })).json.result;
    const customer = (await c.command('customers.create', { name: 'Ann Trip' })).json.result;
    const job = (
      await c.command('jobs.create', {
        customerId: customer._id,
        date: '2026-11-02',
        price: 12,
        services: [service._id],
        frequencyType: 'Weeks',
        frequencyInterval: 4,
      })
    ).json.result;
    const recorder = recordCalls(api.db);
    try {
      const done = await c.command('visits.complete', { jobId: job._id, isoDueDate: '2026-11-02' });
      expect(done.status).toBe(200);
      expect(done.json.result.invoiceId).toBeTruthy();
    } finally {
      recorder.stop();
    }
    // The session's own reads (cached per instance) are not the command's.
    const calls = recorder.calls.filter((call) => call.operation !== 'unknown');
    expect(sequentialCalls(calls)).toBeLessThanOrEqual(4);
    expect(capacityOf(calls).wcu).toBeGreaterThan(0);
  });
});
