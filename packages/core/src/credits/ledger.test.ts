import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../store/memory-store.ts';
import { chargeInboundEmail, readBalance } from './ledger.ts';
import { STARTING_CREDITS } from './schema.ts';

describe('the inbound email charge (spec 002 section 9: 0.01 credit a mail)', () => {
  it('takes one whole credit for every 100 mails received, counted across them', async () => {
    const store = new MemoryStore(() => new Date('2026-01-01T00:00:00Z'));
    for (let i = 0; i < 99; i++) await chargeInboundEmail(store);
    expect(await readBalance(store)).toMatchObject({ balance: STARTING_CREDITS, inboundEmails: 99 });
    await chargeInboundEmail(store);
    expect(await readBalance(store)).toMatchObject({
      balance: STARTING_CREDITS - 1,
      used: 1,
      inboundEmails: 100,
    });
    for (let i = 0; i < 100; i++) await chargeInboundEmail(store);
    expect((await readBalance(store)).balance).toBe(STARTING_CREDITS - 2);
  });

  it('never takes the balance below zero: a reply is still received', async () => {
    const store = new MemoryStore(() => new Date('2026-01-01T00:00:00Z'));
    await store.put('creditBalance', { _id: 'balance', balance: 0, purchased: 0, used: 100 });
    for (let i = 0; i < 100; i++) await chargeInboundEmail(store, 0.01);
    expect(await readBalance(store)).toMatchObject({ balance: 0, used: 100, inboundEmails: 100 });
  });
});
