import type { Change, Entity } from '@roundwise/core';
import { describe, expect, it } from 'vitest';
import { type AccountState, stateKey } from './read-account.ts';
import { planRestore } from './restore-plan.ts';

const NOW = '2026-11-27T12:00:00.000Z';
const change = (type: Change['type'], entity: Record<string, unknown>, version = 1): Change => ({
  type,
  entity: { _version: version, _updatedAt: NOW, ...entity } as Entity,
});
const state = (...changes: Change[]): AccountState => new Map(changes.map((c) => [stateKey(c), c]));
const planned = (current: AccountState, backup: Change[]) =>
  planRestore(current, backup, NOW).map((w) => ({ type: w.type, entity: w.entity }));

/** docs/backups.md: a restore brings back data, never effects. */
describe('the restore plan', () => {
  it('leaves provider payments that stand now as they are, and keeps those made since', () => {
    const paidThen = change('transaction', { _id: 't1', amount: 10, externalIds: { stripe: 'pi_1' } });
    const paidNow = change(
      'transaction',
      { _id: 't1', amount: 10, externalIds: { stripe: 'pi_1' }, status: 'paid' },
      2,
    );
    const madeSince = change('transaction', { _id: 't2', amount: 5, externalIds: { gocardless: 'PM2' } });
    const cash = change('transaction', { _id: 't3', amount: 7 });
    expect(planned(state(paidNow, madeSince, cash), [paidThen])).toEqual([
      { type: 'transaction', entity: { _id: 't3', _deleted: true } },
    ]);
  });

  it('never writes the credit balance, and brings a message gone since back cancelled, never to send', () => {
    const balanceThen = change('creditBalance', { _id: 'balance', balance: 100, purchased: 0, used: 0 });
    const balanceNow = change('creditBalance', { _id: 'balance', balance: 600, purchased: 500, used: 0 }, 3);
    const waiting = change('notification', {
      _id: 'n1',
      status: 'scheduled',
      statusHistory: [{ status: 'scheduled', timestamp: NOW }],
    });
    const gone = {
      type: 'notification',
      entity: { _id: 'n1', _version: 2, _updatedAt: NOW, _deleted: true },
    } as Change;
    const plan = planned(state(balanceNow, gone), [balanceThen, waiting]);
    expect(plan).toEqual([
      {
        type: 'notification',
        entity: expect.objectContaining({
          _id: 'n1',
          status: 'cancelled',
          statusHistory: [
            { status: 'scheduled', timestamp: NOW },
            { status: 'cancelled', timestamp: NOW, data: { reason: 'restore' } },
          ],
        }),
      },
    ]);
  });

  it("brings a customer back with the provider's mandate as it is now", () => {
    const then = change('customer', {
      _id: 'c1',
      name: 'Ann',
      paymentProviderMetaData: { sourceOrMandateId: 'MD-OLD', version: 1 },
    });
    const now = change(
      'customer',
      {
        _id: 'c1',
        name: 'Ann Renamed',
        paymentProviderMetaData: { sourceOrMandateId: 'MD-NEW', version: 4 },
      },
      5,
    );
    const plan = planned(state(now), [then]);
    expect(plan).toEqual([
      {
        type: 'customer',
        entity: expect.objectContaining({
          name: 'Ann',
          paymentProviderMetaData: { sourceOrMandateId: 'MD-NEW', version: 4 },
        }),
      },
    ]);
    // Run again over its own result, the plan is empty.
    const after = change('customer', { ...plan[0]!.entity }, 6);
    expect(planned(state(after), [then])).toEqual([]);
  });
});
