import { beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../access/model.ts';
import type { CommandContext, CommandDef, Effect } from '../commands/define.ts';
import { executeCommand } from '../commands/execute.ts';
import { readBalance } from '../credits/ledger.ts';
import { STARTING_CREDITS } from '../credits/schema.ts';
import type { Notification } from '../notifications/schema.ts';
import { MemoryStore } from '../store/memory-store.ts';
import { rejection, testActor } from '../testing.ts';
import { createAudience, createCampaign, publishCampaign } from './commands.ts';
import { campaignNotificationId } from './schema.ts';

const NOW = new Date('2026-11-21T09:00:00Z');
let store: MemoryStore;
let effects: Effect[];
let ids = 0;
const actor = (): Actor => testActor({ flags: ['send'], emailVerified: true, settings: { bulkSms: true } });

function run<D extends CommandDef>(def: D, input: unknown, authoritative = true) {
  const ctx: CommandContext = {
    store,
    actor: actor(),
    now: NOW,
    newId: () => `id${++ids}`,
    emit: (e) => effects.push(e),
    authoritative,
  };
  return executeCommand(def as never, ctx, input) as Promise<never>;
}
const notification = (customer: string, method: 'Email' | 'Sms') =>
  store.get<Notification>('notification', campaignNotificationId('cmp', customer, method));

beforeEach(async () => {
  store = new MemoryStore(() => NOW);
  effects = [];
  const c = (id: string, name: string, over: object) =>
    store.put('customer', {
      _id: id,
      name,
      createdDate: '2026-01-01',
      contactMethods: [],
      marketingAccepted: true,
      address: { addressDescription: '4 Tenison Road\nCambridge' },
      ...over,
    });
  await c('ann', 'Ann Smith', { email: 'ann@x.com', mobileNumber: '07700900001' });
  await c('bob', 'Bob <b> Jones', { email: 'bob@x.com', marketingAccepted: false });
  await c('cat', 'Cat Brown', { email: '', mobileNumber: '' });
  // Ann owes 12.50 and is next visited on Monday 23 November (every week from the 2nd).
  await store.put('transaction', {
    _id: 'i1',
    customerId: 'ann',
    transactionType: 'Invoice',
    amount: 12.5,
    date: '2026-11-02',
    description: '',
  });
  await store.put('job', {
    _id: 'j1',
    customerId: 'ann',
    rounds: [],
    date: '2026-11-02',
    frequencyType: 'Weeks',
    frequencyInterval: 1,
    price: 10,
    services: [],
    notes: '',
    assignees: [],
  });
  await store.put('template', {
    _id: 't1',
    name: 'Gutters',
    subject: 'Hello [first-name], 10% off for [date=?]',
    html: '<p>Dear [name], you owe [balance]; next visit [next-visit] at [address].</p>',
    smsTemplate: '',
    useSubjectAsSmsMessage: true,
  });
  await run(createAudience, {
    _id: 'aud',
    name: 'All',
    filterGroups: [
      [{ id: 'f', field: 'address', label: 'Address', operator: 'Contains', value: 'cambridge' }],
    ],
  });
  await run(createCampaign, {
    _id: 'cmp',
    name: 'Gutters',
    description: 'Winter',
    audiences: ['aud'],
    deliveryMethods: ['Email', 'Sms'],
    templateId: 't1',
  });
});

describe('prompts must be answered before a campaign is published', () => {
  it('refuses a publish that leaves a [field=?] prompt, on the device and on the server, sending nothing', async () => {
    for (const authoritative of [false, true]) {
      const refused = await rejection(
        run(publishCampaign, { _id: 'cmp', includeNonMarketing: true }, authoritative),
      );
      expect(refused.code).toBe('campaigns.unanswered-prompts');
      expect(refused.params).toEqual({ prompts: 'date' });
    }
    expect(await notification('ann', 'Email')).toBeUndefined();
    expect(effects).toEqual([]);
    expect((await readBalance(store)).balance).toBe(STARTING_CREDITS);
  });

  it("fills the answers and each recipient's own merge fields (escaped in the HTML)", async () => {
    await run(publishCampaign, {
      _id: 'cmp',
      includeNonMarketing: true,
      answers: { date: 'December' },
      today: '2026-11-21',
    });
    const ann = await notification('ann', 'Email');
    expect(ann?.subject).toBe('Hello Ann, 10% off for December');
    expect(ann?.message).toBe(
      '<p>Dear Ann Smith, you owe £12.50; next visit Monday 23 November at 4 Tenison Road, Cambridge.</p>',
    );
    expect((await notification('ann', 'Sms'))?.message).toBe('Hello Ann, 10% off for December');
    const bob = await notification('bob', 'Email');
    expect(bob?.subject).toBe('Hello Bob, 10% off for December');
    expect(bob?.message).toContain('Dear Bob &lt;b&gt; Jones, you owe £0.00; next visit to be arranged');
  });
});

describe('send only to those who agreed', () => {
  it('skips those without marketing consent instead of refusing, and remembers the choice', async () => {
    await run(publishCampaign, { _id: 'cmp', marketingOnly: true, answers: { date: 'May' } });
    expect(await notification('ann', 'Email')).toBeDefined();
    expect(await notification('bob', 'Email')).toBeUndefined();
    expect((await store.get<{ marketingOnly?: boolean }>('campaign', 'cmp'))?.marketingOnly).toBe(true);
  });
});
