import { beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../access/model.ts';
import type { CommandContext, CommandDef, Effect } from '../commands/define.ts';
import { executeCommand } from '../commands/execute.ts';
import { readBalance } from '../credits/ledger.ts';
import { STARTING_CREDITS } from '../credits/schema.ts';
import { deleteCustomer } from '../customers/commands.ts';
import type { Notification } from '../notifications/schema.ts';
import { MemoryStore } from '../store/memory-store.ts';
import { rejection, testActor } from '../testing.ts';
import { clearTemplateFromCampaigns } from './cascades.ts';
import {
  createAudience,
  createCampaign,
  deleteAudience,
  exclude,
  finishCampaign,
  publishCampaign,
  updateCampaign,
} from './commands.ts';
import { type Campaign, campaignNotificationId } from './schema.ts';

const NOW = new Date('2026-11-21T09:00:00Z');
let store: MemoryStore;
let effects: Effect[];
let ids = 0;
const sender = (over: Partial<Actor> = {}) =>
  testActor({ flags: ['send'], emailVerified: true, settings: { bulkSms: true }, ...over });

function run<D extends CommandDef>(def: D, input: unknown, actor: Actor = sender()) {
  const ctx: CommandContext = {
    store,
    actor,
    now: NOW,
    newId: () => `id${++ids}`,
    emit: (e) => effects.push(e),
    authoritative: true,
  };
  return executeCommand(def as never, ctx, input) as Promise<never>;
}
const code = async (p: Promise<unknown>) => (await rejection(p)).code;
const leeds = [[{ id: 'f1', field: 'address', label: 'Address', operator: 'Contains', value: 'leeds' }]];

beforeEach(async () => {
  store = new MemoryStore(() => NOW);
  effects = [];
  const c = (id: string, over: object) =>
    store.put('customer', { _id: id, name: id, createdDate: '2026-01-01', contactMethods: [], ...over });
  await c('ann', {
    email: 'ann@x.com',
    mobileNumber: '07700900001',
    marketingAccepted: true,
    address: { addressDescription: 'Leeds' },
  });
  await c('bob', {
    email: 'bob@x.com',
    telephoneNumber: '07700900002',
    marketingAccepted: true,
    address: { addressDescription: 'Leeds' },
  });
  await c('cat', {
    email: '',
    mobileNumber: '',
    marketingAccepted: true,
    address: { addressDescription: 'Leeds' },
  });
  await c('dan', { email: 'dan@x.com', marketingAccepted: false, address: { addressDescription: 'York' } });
  await store.put('template', {
    _id: 't1',
    name: 'Spring',
    subject: 'Spring clean',
    html: '<p>Hello</p>',
    smsTemplate: 'unused',
    useSubjectAsSmsMessage: true,
  });
  await run(createAudience, { _id: 'aud', name: 'Leeds', filterGroups: leeds });
});

const campaign = (over: object = {}) =>
  run(createCampaign, {
    _id: 'cmp',
    name: 'Spring',
    description: 'Conservatories',
    audiences: ['aud'],
    deliveryMethods: ['Email', 'Sms'],
    templateId: 't1',
    ...over,
  });

describe('campaign form (spec 002 section 6)', () => {
  it('refuses with the spec keys', async () => {
    expect(await code(campaign({ name: ' ' }))).toBe('campaigns-form.name-required');
    expect(await code(campaign({ audiences: [] }))).toBe('campaigns-form.audienceIds-min');
    expect(await code(campaign({ deliveryMethods: [] }))).toBe(
      'campaigns-form.select-delivery-method-helper',
    );
    expect(await code(campaign({ description: '' }))).toBe('campaigns-form.description-required');
    expect(await code(run(createAudience, { name: '' }))).toBe('audiences-form.name-required');
    expect(await store.list('campaign')).toEqual([]);
  });

  it('allows SMS only when bulk SMS is enabled', async () => {
    const off = sender({ settings: {} });
    expect(
      await code(
        run(
          createCampaign,
          { name: 'a', description: 'b', audiences: ['aud'], deliveryMethods: ['Sms'] },
          off,
        ),
      ),
    ).toBe('campaigns.bulk-sms-not-enabled');
  });
});

describe('send.publish (spec 002 sections 4 and 6)', () => {
  it('checks in the spec order: template, verified email, published, audiences, new members', async () => {
    await campaign({ templateId: undefined, audiences: ['gone'] });
    expect(await code(run(publishCampaign, { _id: 'cmp' }, sender({ emailVerified: false })))).toBe(
      'campaigns.errors-template-is-required',
    );
    await run(updateCampaign, {
      _id: 'cmp',
      name: 'S',
      description: 'd',
      audiences: ['gone'],
      deliveryMethods: ['Email'],
      templateId: 't1',
    });
    expect(await code(run(publishCampaign, { _id: 'cmp' }, sender({ emailVerified: false })))).toBe(
      'notification.account-email-not-verified-message-sending',
    );
    expect(await code(run(publishCampaign, { _id: 'cmp' }))).toBe('campaigns-errors.publish-no-audiences');
    await run(updateCampaign, {
      _id: 'cmp',
      name: 'S',
      description: 'd',
      audiences: ['aud'],
      deliveryMethods: ['Email'],
      templateId: 't1',
    });
    await run(publishCampaign, { _id: 'cmp' });
    expect(await code(run(publishCampaign, { _id: 'cmp' }))).toBe('campaigns.errors-already-published');
    expect(
      await code(
        run(updateCampaign, {
          _id: 'cmp',
          name: 'S',
          description: 'd',
          audiences: ['aud'],
          deliveryMethods: ['Email'],
        }),
      ),
    ).toBe('campaigns.edit-published');
  });

  it('sends one notification per customer and method with a derived id, paid once', async () => {
    await campaign();
    const result: { recipients: number; messages: number; credits: number } = await run(publishCampaign, {
      _id: 'cmp',
    });
    // ann: email + sms; bob: email + sms (his telephone number); cat: no address at all.
    expect(result).toMatchObject({ recipients: 2, messages: 4, credits: 4 });
    const sent = (await store.list<Notification>('notification')).map((n) => n._id).sort();
    expect(sent).toEqual(
      [
        campaignNotificationId('cmp', 'ann', 'Email'),
        campaignNotificationId('cmp', 'ann', 'Sms'),
        campaignNotificationId('cmp', 'bob', 'Email'),
        campaignNotificationId('cmp', 'bob', 'Sms'),
      ].sort(),
    );
    const sms = await store.get<Notification>('notification', campaignNotificationId('cmp', 'bob', 'Sms'));
    expect(sms).toMatchObject({
      type: 'SMS',
      address: '07700900002',
      message: 'Spring clean',
      campaignId: 'cmp',
    });
    expect((await readBalance(store)).balance).toBe(STARTING_CREDITS - 4);
    expect(effects.flatMap((e) => e.payload.notificationIds as string[])).toHaveLength(4);
    expect(await store.get<Campaign>('campaign', 'cmp')).toMatchObject({
      status: 'Published',
      publishedDate: NOW.toISOString(),
      contacts: 2,
    });
  });

  it('an ongoing campaign publishes again only to new members, and needs one', async () => {
    await campaign({ ongoing: true, deliveryMethods: ['Email'] });
    await run(publishCampaign, { _id: 'cmp' });
    expect(await code(run(publishCampaign, { _id: 'cmp' }))).toBe('campaigns.errors-no-new-members');
    await store.put('customer', {
      _id: 'eve',
      name: 'eve',
      createdDate: '2026-01-01',
      email: 'eve@x.com',
      marketingAccepted: true,
      address: { addressDescription: 'Leeds' },
    });
    effects = [];
    const again: { recipients: number } = await run(publishCampaign, { _id: 'cmp' });
    expect(again.recipients).toBe(1);
    expect(effects[0]?.payload.notificationIds).toEqual([campaignNotificationId('cmp', 'eve', 'Email')]);
    expect((await store.get<Campaign>('campaign', 'cmp'))?.contacts).toBe(3);
    await run(finishCampaign, { _id: 'cmp' });
    expect(await code(run(publishCampaign, { _id: 'cmp' }))).toBe('campaigns.errors-already-published');
  });

  it('finish ongoing needs a published campaign', async () => {
    await campaign({ ongoing: true });
    expect(await code(run(finishCampaign, { _id: 'cmp' }))).toBe('campaigns.ongoing-finished-not-published');
  });

  it('refuses non-marketing recipients unless the user continues, and short credits', async () => {
    await run(createAudience, {
      _id: 'york',
      name: 'York',
      filterGroups: [[{ ...leeds[0]![0]!, value: 'york' }]],
    });
    await campaign({ audiences: ['york'], deliveryMethods: ['Email'] });
    expect(await code(run(publishCampaign, { _id: 'cmp' }))).toBe(
      'notifications.cant-send-campaign-to-non-marketing',
    );
    expect(await store.list('notification')).toEqual([]);
    await store.put('creditBalance', { _id: 'balance', balance: 0, purchased: 0, used: 100 });
    const e = await rejection(run(publishCampaign, { _id: 'cmp', includeNonMarketing: true }));
    expect([e.code, e.params]).toEqual(['campaigns.error-not-enough-credits', { needed: 1, available: 0 }]);
    expect(await store.list('notification')).toEqual([]);
  });

  it('skips the exclude list and the unsubscribed', async () => {
    await campaign({ deliveryMethods: ['Email'] });
    await run(exclude, { _id: 'cmp', customerIds: ['ann'] });
    const bob = await store.get('customer', 'bob');
    await store.put('customer', { ...bob!, marketingAccepted: false, unsubscribedDate: NOW.toISOString() });
    expect(await code(run(publishCampaign, { _id: 'cmp' }))).toBe('campaigns.errors-no-recipients');
  });

  it('refuses a schedule in the past or email beyond 72 hours', async () => {
    await campaign({ deliveryMethods: ['Email'] });
    const at = (h: number) => Math.floor(NOW.getTime() / 1000) + h * 3600;
    expect(await code(run(publishCampaign, { _id: 'cmp', sendAtSecondsTimestamp: at(-1) }))).toBe(
      'time-picker.date-is-in-the-past',
    );
    expect(await code(run(publishCampaign, { _id: 'cmp', sendAtSecondsTimestamp: at(73) }))).toBe(
      'campaigns.email-schedule-limit',
    );
    await run(publishCampaign, { _id: 'cmp', sendAtSecondsTimestamp: at(2) });
    expect(effects[0]?.dueAt).toBe(new Date(at(2) * 1000).toISOString());
    expect((await store.list<Notification>('notification'))[0]?.status).toBe('scheduled');
  });
});

describe("a device's own run of send.publish", () => {
  it('checks what the device knows and leaves who is sent, and the cost, to the server', async () => {
    await campaign();
    const ctx: CommandContext = {
      store,
      actor: sender(),
      now: NOW,
      newId: () => `id${++ids}`,
      emit: (e) => effects.push(e),
    };
    expect(await executeCommand(publishCampaign as never, ctx, { _id: 'cmp' })).toMatchObject({
      messages: 0,
    });
    expect(await store.list('notification')).toEqual([]);
    expect(effects).toEqual([]);
    expect(
      (
        await rejection(
          executeCommand(
            publishCampaign as never,
            { ...ctx, actor: sender({ emailVerified: false }) },
            { _id: 'cmp' },
          ),
        )
      ).code,
    ).toBe('notification.account-email-not-verified-message-sending');
  });
});

describe('cascades (spec 002 section 4)', () => {
  it('deleting a customer takes them off exclude lists; deleting a template clears it', async () => {
    await campaign();
    await run(exclude, { _id: 'cmp', customerIds: ['ann', 'bob'] });
    await run(deleteCustomer, { _id: 'ann' });
    expect((await store.get<Campaign>('campaign', 'cmp'))?.excludeList).toEqual(['bob']);
    await clearTemplateFromCampaigns(store, 't1');
    expect((await store.get<Campaign>('campaign', 'cmp'))?.templateId).toBeUndefined();
  });

  it('deleting an audience removes it from campaigns', async () => {
    await campaign();
    await run(deleteAudience, { _id: 'aud' });
    expect((await store.get<Campaign>('campaign', 'cmp'))?.audiences).toEqual([]);
  });
});
