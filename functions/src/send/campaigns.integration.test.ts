import { AccountSettings, type Actor, type Customers, Notifications, Send } from '@roundwise/core';
import { type Db, EntityRepository, MessageLinks } from '@roundwise/db';
import { createTestDb, type Engine, startEngine } from '@roundwise/db/test-engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localBilling } from '../adapters/billing.ts';
import { createApp } from '../app.ts';
import { settleBackground } from '../background.ts';
import { runCommand } from '../commands/run-command.ts';
import type { Deps } from '../context.ts';
import { createDeps } from '../create-deps.ts';
import type { Mail } from '../deps.ts';

/**
 * A campaign end to end over dynalite: published by email and SMS, delivered by the send effect
 * (the mail with its unsubscribe link and RFC 8058 headers, the SMS through the provider, each
 * once), the report and the send log; the one-click unsubscribe honoured by the next campaign;
 * an ongoing campaign's new members.
 */
let engine: Engine;
let db: Db;
let deps: Deps;
let app: ReturnType<typeof createApp>;
const mails: (Mail & { id?: string })[] = [];
const texts: { to: string; body: string; key: string }[] = [];
const actor: Actor = {
  userId: 'u1',
  email: 'owner@example.com',
  accountId: 'acc1',
  roles: ['Owner'],
  level: 'Ultimate',
  subscription: 'subscribed',
  flags: ['send'],
  developerMode: false,
  emailVerified: true,
  settings: { bulkSms: true },
};
let seq = 0;
const run = async (name: string, input: unknown) => {
  const answer = await runCommand(deps, actor, name, `01JCAMPAIGN${String(++seq).padStart(15, '0')}`, input);
  await settleBackground();
  return answer;
};
const repo = () => new EntityRepository(db, 'acc1');

beforeAll(async () => {
  engine = await startEngine('dynalite');
  db = await createTestDb(engine);
  const appDeps = {
    db,
    mailer: { send: async (m: Mail & { id?: string }) => void mails.push(m) },
    sms: {
      send: async (m: { to: string; body: string; key: string }) => {
        texts.push(m);
        return { id: m.key };
      },
    },
    billing: localBilling,
    publicUrl: 'http://localhost:3000',
    secureCookies: false,
  };
  deps = createDeps(appDeps);
  app = createApp(appDeps, deps);
  await deps.auth.putAccount({
    accountId: 'acc1',
    businessName: 'Olive Windows',
    dataEmail: 'owner@example.com',
    dataOwnerName: 'Olive',
    level: 'Ultimate',
    subscription: 'subscribed',
    flags: ['send'],
    settings: AccountSettings.parse({ bulkSms: true }),
    createdDate: new Date().toISOString(),
  });
  const stamp = { _version: 1, _updatedAt: new Date().toISOString(), createdDate: '2026-01-01' };
  const customer = (over: Partial<Customers.Customer> & { _id: string }) =>
    repo().put(
      'customer',
      { ...stamp, name: over._id, marketingAccepted: true, contactMethods: [], ...over },
      null,
    );
  await customer({ _id: 'ann', email: 'ann@example.com', mobileNumber: '07700900001', tags: ['leeds'] });
  await customer({ _id: 'bob', email: 'bob@example.com', tags: ['york', 'conservatory'] });
  await customer({ _id: 'cat', email: 'cat@example.com', tags: ['york'] });
  await repo().put(
    'template',
    {
      ...stamp,
      _id: 'tpl',
      name: 'Spring',
      subject: 'Spring clean & shine',
      html: '<table><tr><td style="padding:8px">We now clean <b>conservatories</b>.</td></tr></table>',
      smsTemplate: '',
      useSubjectAsSmsMessage: true,
    },
    null,
  );
  const tag = (value: string) => ({ id: value, field: 'tags', label: 'Tags', operator: 'Contains', value });
  // Two groups: Leeds, or York with a conservatory.
  await run('send.create-audience', {
    _id: 'aud',
    name: 'Leeds or York conservatories',
    filterGroups: [[tag('leeds')], [tag('york'), tag('conservatory')]],
  });
}, 60_000);

afterAll(async () => {
  await engine?.stop();
});

const campaign = (id: string, over: object = {}) =>
  run('send.create-campaign', {
    _id: id,
    name: `Campaign ${id}`,
    description: 'Conservatories',
    audiences: ['aud'],
    deliveryMethods: ['Email', 'Sms'],
    templateId: 'tpl',
    ...over,
  });

/** The unsubscribe link a campaign mail carries (its RFC 8058 header). */
const unsubscribeLinkOf = (mail: Mail) =>
  String((mail.headers as Record<string, string>)['List-Unsubscribe']).slice(1, -1);

describe('a campaign, published and delivered', () => {
  it('sends each member once per method, the email with its unsubscribe link and one-click headers', async () => {
    await campaign('c1');
    const published = await run('send.publish', { _id: 'c1' });
    expect(published.status).toBe(200);
    expect(mails.map((m) => m.to).sort()).toEqual(['ann@example.com', 'bob@example.com']);
    expect(texts.map((t) => [t.to, t.body])).toEqual([['07700900001', 'Spring clean & shine']]);
    const mail = mails.find((m) => m.to === 'ann@example.com')!;
    // The link carries the message's server token (docs/public-links.md), not its id.
    const link = unsubscribeLinkOf(mail);
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/go\/u\/[A-Za-z0-9_-]{22}$/);
    expect(link).not.toContain(Send.campaignNotificationId('c1', 'ann', 'Email'));
    expect(mail.headers).toMatchObject({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.html).toContain('<b>conservatories</b>');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain(`Unsubscribe: ${link}`);

    // Published again (a replayed publish, or the effect delivered twice): nothing more is sent.
    expect((await run('send.publish', { _id: 'c1' })).status).toBe(400);
    const n = await repo().get<Notifications.Notification>(
      'notification',
      Send.campaignNotificationId('c1', 'ann', 'Email'),
    );
    const { effectHandler } = await import('../effects/registry.ts');
    await effectHandler(Notifications.SEND_EFFECT)?.(deps, {
      id: 'again',
      kind: Notifications.SEND_EFFECT,
      payload: { accountId: 'acc1', notificationIds: [n!._id] },
      status: 'pending',
      createdAt: new Date().toISOString(),
      attempts: 1,
    });
    expect(mails).toHaveLength(2);
    // The message keeps its token: a send after a failed one carries the same link.
    const kept = await new MessageLinks(db).tokensFor('acc1', [n!._id]);
    expect(link.endsWith(`/${kept.get(n!._id)}`)).toBe(true);
  });

  it('reports the counters and the send log from the notifications (CSV too)', async () => {
    const { report, log } = await (await import('./report.ts')).campaignDelivery(deps, 'acc1', 'c1');
    expect(report.email).toMatchObject({ sent: 2, delivered: 0, failed: 0 });
    expect(report.sms).toMatchObject({ sent: 1, failed: 0 });
    expect(log.map((r) => [r.addressee, r.method, r.status]).sort()).toEqual([
      ['ann', 'Email', 'sent'],
      ['ann', 'SMS', 'sent'],
      ['bob', 'Email', 'sent'],
    ]);
    const { sendLogCsv } = await import('./send-log.ts');
    expect(sendLogCsv(log).split('\r\n')[0]).toBe('Customer,Method,Address,Created,Sent,Status,Customer id');
  });

  it('one-click unsubscribe withdraws consent at once, and the next campaign skips them', async () => {
    // The message id is made from the campaign and the customer, so anyone could make it: no link.
    const guessed = Send.campaignNotificationId('c1', 'bob', 'Email');
    expect((await app.request(`/api/go/u/${guessed}`, { method: 'POST' })).status).toBe(404);
    expect((await app.request(`/api/go/m/${guessed}`)).status).toBe(404);
    const id = new URL(unsubscribeLinkOf(mails.find((m) => m.to === 'bob@example.com')!)).pathname
      .split('/')
      .pop();
    // The same token is the message's own page.
    expect((await (await app.request(`/api/go/m/${id}`)).json()).businessName).toBe('Olive Windows');
    const page = await app.request(`/api/go/u/${id}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Olive Windows');
    // A GET (a link scanner) changes nothing.
    expect((await repo().get<Customers.Customer>('customer', 'bob'))?.marketingAccepted).toBe(true);
    const oneClick = await app.request(`/api/go/u/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    const bob = await repo().get<Customers.Customer>('customer', 'bob');
    expect([bob?.marketingAccepted, !!bob?.unsubscribedDate]).toEqual([false, true]);
    expect((await app.request('/api/go/u/nothing-here', { method: 'POST' })).status).toBe(404);

    mails.length = 0;
    await campaign('c2', { deliveryMethods: ['Email'] });
    expect((await run('send.publish', { _id: 'c2' })).status).toBe(200);
    expect(mails.map((m) => m.to)).toEqual(['ann@example.com']);
  });

  it('an ongoing campaign finds and publishes to a new matching customer only', async () => {
    await campaign('c3', { deliveryMethods: ['Email'], ongoing: true });
    await run('send.publish', { _id: 'c3' });
    const { newAudienceMembers } = await import('./new-members.ts');
    expect(await newAudienceMembers(deps, 'acc1', 'c3')).toEqual([]);
    await repo().put(
      'customer',
      {
        _id: 'dan',
        _version: 1,
        _updatedAt: new Date().toISOString(),
        createdDate: '2026-01-01',
        name: 'dan',
        email: 'dan@example.com',
        tags: ['leeds'],
        marketingAccepted: true,
        contactMethods: [],
      },
      null,
    );
    expect(await newAudienceMembers(deps, 'acc1', 'c3')).toEqual(['dan']);
    mails.length = 0;
    expect((await run('send.publish', { _id: 'c3', customerIds: ['dan'] })).status).toBe(200);
    expect(mails.map((m) => m.to)).toEqual(['dan@example.com']);
    expect(await newAudienceMembers(deps, 'acc1', 'c3')).toEqual([]);
  });
});

describe('prompts, merge fields and the sender', () => {
  it('refuses a publish or a message that still holds a [field=?] prompt, sending nothing', async () => {
    await repo().put(
      'template',
      {
        _id: 'tpl-prompt',
        _version: 1,
        _updatedAt: new Date().toISOString(),
        createdDate: '2026-01-01',
        name: 'Gutters',
        subject: 'Gutters for [date=?], [name]',
        html: '<p>Hello [first-name], pay here: [pay-link]</p>',
        smsTemplate: '',
        useSubjectAsSmsMessage: true,
      },
      null,
    );
    await campaign('c4', { deliveryMethods: ['Email'], templateId: 'tpl-prompt' });
    mails.length = 0;
    const refused = await run('send.publish', { _id: 'c4' });
    expect([refused.status, (refused.body as { code: string }).code]).toEqual([
      400,
      'campaigns.unanswered-prompts',
    ]);
    expect(mails).toEqual([]);
    const message = await run('notifications.send', {
      customerId: 'ann',
      type: 'Email',
      content: 'Your visit is on [day=?]',
    });
    expect([message.status, (message.body as { code: string }).code]).toEqual([
      400,
      'notifications.unanswered-prompts',
    ]);
    expect(mails).toEqual([]);
  });

  it('answered, each mail has its own fields and pay link, from the business', async () => {
    const published = await run('send.publish', { _id: 'c4', answers: { date: 'December' } });
    expect(published.status).toBe(200);
    const ann = mails.find((m) => m.to === 'ann@example.com')!;
    expect(ann.subject).toBe('Gutters for December, ann');
    expect(ann.fromName).toBe('Olive Windows');
    expect(ann.html).toMatch(/Hello ann, pay here: http:\/\/localhost:3000\/go\/a\/[\w-]{22}\/</);
    const { skipped } = await (await import('./report.ts')).campaignDelivery(deps, 'acc1', 'c4');
    // Bob unsubscribed above; Cat is not in the audience.
    expect(skipped.map((k) => [k.customerId, k.reason])).toEqual([['bob', 'unsubscribed']]);
  });

  it('a message from the thread, a quote and an invoice mail are filled for the customer they go to', async () => {
    const stamp = { _version: 1, _updatedAt: new Date().toISOString(), createdDate: '2026-01-01' };
    await repo().put(
      'customer',
      { ...stamp, _id: 'eve', name: 'Eve Adams', email: 'eve@example.com', contactMethods: ['email'] },
      null,
    );
    const invoice = await run('payments.create-invoice', {
      customerId: 'eve',
      date: '2026-01-05',
      lines: [{ description: 'Gutter repair', amount: 42.5 }],
    });
    expect(invoice.status).toBe(200);
    mails.length = 0;
    const sent = await run('notifications.send', {
      customerId: 'eve',
      type: 'Email',
      subject: 'For [name]',
      content: 'Hello [first-name], you owe [balance]. Pay at [pay-link]',
    });
    expect(sent.status).toBe(200);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('For Eve Adams');
    expect(mails[0]!.text).toMatch(
      /^Hello Eve, you owe £42\.50\. Pay at http:\/\/localhost:3000\/go\/a\/[A-Za-z0-9_-]{22}\//,
    );
    // The thread keeps what the customer read (the pay link, the server's key, is put in as sent).
    const stored = (sent.body as { result: Notifications.Notification }).result;
    expect(Notifications.contentOf(stored)).toBe('Hello Eve, you owe £42.50. Pay at [pay-link]');

    await repo().put(
      'quote',
      {
        ...stamp,
        _id: 'q7',
        customerId: 'eve',
        quoteNumber: 'Q-0007',
        linkToken: 'tok7',
        state: 'pending',
        items: [],
        currency: 'GBP',
        date: '2026-01-05',
        expiry: '2026-02-05',
        subtotal: 130,
        totalTax: 0,
        total: 130,
      },
      null,
    );
    mails.length = 0;
    const quoted = await run('quotes.send', {
      _id: 'q7',
      subject: 'Quote [quote-number]',
      content: 'Dear [first-name], your quote [quote-number]: http://localhost:3000/go/q/tok7/',
    });
    expect(quoted.status).toBe(200);
    expect(mails.map((m) => [m.subject, m.text])).toEqual([
      ['Quote Q-0007', 'Dear Eve, your quote Q-0007: http://localhost:3000/go/q/tok7/'],
    ]);
  });

  it("[portal-link] is the customer's own page, a working link bound to them alone", async () => {
    const stamp = { _version: 1, _updatedAt: new Date().toISOString(), createdDate: '2026-01-01' };
    for (const [id, name] of [
      ['fay', 'Fay Green'],
      ['gus', 'Gus Hale'],
    ] as const)
      await repo().put(
        'customer',
        { ...stamp, _id: id, name, email: `${id}@example.com`, contactMethods: ['email'] },
        null,
      );
    await run('payments.create-invoice', {
      customerId: 'fay',
      date: '2026-01-05',
      lines: [{ description: 'Conservatory roof', amount: 61.25 }],
    });
    mails.length = 0;
    for (const customerId of ['fay', 'gus'])
      expect(
        (
          await run('notifications.send', {
            customerId,
            type: 'Email',
            content: 'Hello [first-name], your account: [portal-link]',
          })
        ).status,
      ).toBe(200);
    const linkIn = (to: string) => {
      const text = mails.find((m) => m.to === to)?.text ?? '';
      return /http:\/\/localhost:3000(\/go\/a\/[A-Za-z0-9_-]{22}\/)$/.exec(text)?.[1];
    };
    const [fay, gus] = [linkIn('fay@example.com'), linkIn('gus@example.com')];
    expect(fay && gus && fay !== gus).toBe(true);
    // No id in the link: the token alone, which opens this customer's page and no other's.
    expect(fay).not.toContain('fay');
    const page = await app.request(`/api${fay}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Fay Green');
    expect(html).toContain('£61.25');
    expect(html).not.toContain('Gus Hale');
    expect(await (await app.request(`/api${gus}`)).text()).toContain('Gus Hale');
    // The same page as the pay link: one token per customer, whichever field asked for it.
    mails.length = 0;
    await run('notifications.send', { customerId: 'fay', type: 'Email', content: 'Pay at [pay-link]' });
    expect(mails[0]?.text).toBe(`Pay at http://localhost:3000${fay}`);
  });

  it("[quote-link] in a quote mail is the quote's own public page", async () => {
    const quote = await run('quotes.create', {
      customerId: 'fay',
      name: 'Roof',
      items: [
        {
          title: 'Roof',
          description: '',
          quantity: 1,
          unitPrice: 90,
          frequency: { frequencyType: 'OneOff' },
        },
      ],
      date: '2026-01-05',
      expiry: '2099-12-31',
      taxRate: 0,
      priceIncludesTax: false,
      discountTotal: 0,
    });
    expect(quote.status).toBe(200);
    const { _id, linkToken } = (quote.body as { result: { _id: string; linkToken: string } }).result;
    mails.length = 0;
    const sent = await run('quotes.send', { _id, content: 'Your quote [quote-number]: [quote-link]' });
    expect(sent.status).toBe(200);
    const text = mails[0]?.text ?? '';
    expect(text).toMatch(/^Your quote Q-\d+: http:\/\/localhost:3000\/go\/q\/[A-Za-z0-9_-]{22}\/$/);
    expect(text).toContain(`/go/q/${linkToken}/`);
    const page = await app.request(`/api/go/q/${linkToken}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Roof');
  });
});
