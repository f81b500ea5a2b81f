import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localBilling } from '../adapters/billing.ts';
import { createDeps } from '../create-deps.ts';
import { deliverEffect } from '../effects/deliver.ts';
import { startTestApi } from '../test-harness.ts';

/**
 * A command whose commit meets another write to what it read (here the invoice-number effect
 * writing the invoice a Done just made) runs again on fresh reads instead of answering
 * `general.conflict`: a worker who taps Undo right after Done sees it undone.
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
const held: string[] = [];
beforeAll(async () => {
  // Effects wait here until the test delivers them, at the moment it chooses.
  api = await startTestApi('dynalite', { effectQueue: { send: async (ids) => void held.push(...ids) } });
}, 60_000);
afterAll(() => api.stop());

/**
 * Runs `write` just before the next transaction the table is sent (the commit of the request
 * under way, after its reads): another writer landing between a command's reads and its commit.
 */
function beforeNextCommit(write: () => Promise<void>) {
  let armed = true;
  const name = `between-${Math.random()}`;
  api.db.doc.middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as { TransactItems?: unknown[] };
      if (armed && input.TransactItems) {
        armed = false;
        await write();
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  return () => api.db.doc.middlewareStack.remove(name);
}

describe('a command that meets another write', () => {
  it('visits.undo right after visits.complete, with the invoice numbered in between, is undone', async () => {
    const c = api.client();
    await c.signup('conflict-retry@example.com');
    const customer = (await c.command('customers.create', { name: 'Ann Able' })).json.result;
    const job = (
      await c.command('jobs.create', {
        customerId: customer._id,
        date: '2026-11-02',
        price: 12,
        frequencyType: 'Weeks',
        frequencyInterval: 4,
      })
    ).json.result;
    const ref = { jobId: job._id, isoDueDate: '2026-11-02' };
    held.length = 0;
    const done = await c.command('visits.complete', ref);
    expect(done.status).toBe(200);
    const numbering = held.splice(0);
    expect(numbering).toHaveLength(1);

    // The numbering lands after Undo read the invoice and before Undo commits.
    const s = createDeps({
      db: api.db,
      mailer: { send: async () => {} },
      billing: localBilling,
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      clock: api.now,
    });
    const disarm = beforeNextCommit(async () => {
      expect(await deliverEffect(s, numbering[0]!)).toBe(true);
    });
    const undone = await c.command('visits.undo', ref);
    disarm();
    expect([undone.status, undone.json.code]).toEqual([200, undefined]);
    expect(undone.json.result).toMatchObject({ visit: { status: 0 }, voided: 1 });

    // The invoice is numbered and cancelled: both writes stand.
    const invoice = (undone.json.changes as { type: string; entity: Record<string, unknown> }[]).find(
      (ch) => ch.type === 'transaction' && ch.entity._id === done.json.result.invoiceId,
    );
    expect(invoice?.entity).toMatchObject({ invoiceNumber: expect.any(String) });
  });
});
