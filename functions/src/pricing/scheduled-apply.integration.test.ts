import { AccountSettings, type Actor } from '@roundwise/core';
import { type Db, EntityRepository } from '@roundwise/db';
import { createTestDb, type Engine, startEngine } from '@roundwise/db/test-engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localBilling } from '../adapters/billing.ts';
import { settleBackground } from '../background.ts';
import { runCommand } from '../commands/run-command.ts';
import type { Deps } from '../context.ts';
import { createDeps } from '../create-deps.ts';
import { sweepOutbox } from '../effects/sweep.ts';
import { applyScheduled } from './apply-scheduled.ts';

/**
 * Apply with a later planned date: nothing changes until the date; then the due effect applies it
 * once (a second delivery changes nothing more). A schedule cancelled before its date never applies.
 */
let engine: Engine;
let db: Db;
let deps: Deps;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
const actor: Actor = {
  userId: 'u1',
  email: 'owner@example.com',
  accountId: 'acc-pricing-schedule',
  roles: ['Owner'],
  level: 'Ultimate',
  subscription: 'subscribed',
  flags: ['pricing'],
  developerMode: false,
  emailVerified: true,
  settings: {},
};
let seq = 0;
const run = async (name: string, input: unknown) => {
  const answer = await runCommand(
    deps,
    actor,
    name,
    `01JPRICESCHED${String(++seq).padStart(13, '0')}`,
    input,
  );
  await settleBackground();
  return answer;
};
const price = async (id: string) =>
  (await new EntityRepository(db, actor.accountId).get<{ price: number }>('job', id))?.price;
const change = async (id: string) =>
  new EntityRepository(db, actor.accountId).get<{ result?: { success: boolean }; scheduledFor?: number }>(
    'price-change',
    id,
  );
const filter = (value: string) => [
  [{ id: 'f', field: 'jobRound', label: 'Round', operator: 'Contains', value }],
];
const rise = { is: 'fixed', value: 2 };

beforeAll(async () => {
  engine = await startEngine('dynalite');
  db = await createTestDb(engine);
  deps = createDeps({
    db,
    mailer: { send: async () => {} },
    billing: localBilling,
    publicUrl: 'http://localhost:3000',
    secureCookies: false,
    clock: now,
  });
  await deps.auth.putAccount({
    accountId: actor.accountId,
    businessName: 'Olive Windows',
    dataEmail: actor.email,
    dataOwnerName: 'Olive',
    level: 'Ultimate',
    subscription: 'subscribed',
    flags: ['pricing'],
    settings: AccountSettings.parse({}),
    createdDate: now().toISOString(),
  });
  for (const round of ['north', 'south']) {
    await run('rounds.create', { _id: round, description: round });
    await run('customers.create', { _id: `c-${round}`, name: `Customer ${round}` });
    await run('jobs.create', {
      _id: `j-${round}`,
      customerId: `c-${round}`,
      rounds: [round],
      date: '2026-01-05',
      price: 20,
    });
  }
}, 60_000);

afterAll(async () => {
  await engine?.stop();
});

describe('a price change scheduled for its planned date', () => {
  it('applies when due, once; a cancelled schedule never applies', async () => {
    const tomorrow = now().getTime() + 86_400_000;
    await run('pricing.create', {
      _id: 'later',
      name: 'Later',
      plannedDate: tomorrow,
      type: rise,
      affectedJobFilter: filter('north'),
    });
    await run('pricing.create', {
      _id: 'cancelled',
      name: 'Off',
      plannedDate: tomorrow,
      type: rise,
      affectedJobFilter: filter('south'),
    });
    const scheduled = await run('pricing.apply', { _id: 'later' });
    expect(scheduled.status).toBe(200);
    expect((await change('later'))?.scheduledFor).toBe(tomorrow);
    expect((await run('pricing.apply', { _id: 'cancelled' })).status).toBe(200);
    expect((await run('pricing.cancel-schedule', { _id: 'cancelled' })).status).toBe(200);

    await sweepOutbox(deps, 0);
    await settleBackground();
    expect([await price('j-north'), await price('j-south')]).toEqual([20, 20]); // not due yet

    offsetMs += 2 * 86_400_000;
    await sweepOutbox(deps, 0);
    await settleBackground();
    expect([await price('j-north'), await price('j-south')]).toEqual([22, 20]);
    expect((await change('later'))?.result?.success).toBe(true);
    expect((await change('cancelled'))?.result).toBeUndefined();

    // The outbox delivers at least once: the same effect delivered again changes nothing more.
    const again = { accountId: actor.accountId, changeId: 'later', due: tomorrow };
    await applyScheduled(deps, {
      id: 'again',
      kind: 'pricing.apply-scheduled',
      payload: again,
      status: 'pending',
      createdAt: now().toISOString(),
      attempts: 1,
    });
    expect(await price('j-north')).toBe(22);
  });
});
