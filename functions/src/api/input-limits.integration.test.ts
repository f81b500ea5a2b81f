import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, linkFrom, startTestApi } from '../test-harness.ts';

/**
 * Every input path answers a 4xx with a message key, or works, at the schema's own limits: never
 * a 500 because a value passed its schema and then broke a clock, a page, a table item or a header.
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
let c: Client;
let customerId: string;
beforeAll(async () => {
  api = await startTestApi();
  c = api.client();
  await c.signup('limits@example.com');
  const token = linkFrom(api.outbox, 'limits@example.com', 'verify-email');
  expect((await c.post('/auth/verify-email', { token })).status).toBe(200);
  expect((await c.patch('/account', { flags: ['send'], settings: { bulkSms: true } })).status).toBe(200);
  customerId = (
    await c.command('customers.create', {
      name: 'Ann Able',
      email: 'ann@example.org',
      mobileNumber: '07700900123',
      contactMethods: ['email', 'sms'],
      marketingAccepted: true,
    })
  ).json.result._id;
}, 60_000);
afterAll(() => api.stop());

const refusal = (res: { status: number; json: { code?: string } }) => [res.status, res.json?.code];

describe('input at the limits answers 4xx with a code', () => {
  it('a message or a campaign scheduled in the year 318,857 (sendAtSecondsTimestamp 1e13)', async () => {
    const message = await c.command('notifications.send', {
      customerId,
      type: 'Email',
      subject: 'Hi',
      content: 'Hello',
      sendAtSecondsTimestamp: 1e13,
    });
    expect(refusal(message)).toEqual([400, 'time-picker.date-too-far']);
    await c.command('templates.create', { _id: 'tpl-limits', name: 'Spring', subject: 'Spring' });
    await c.command('send.create-audience', {
      _id: 'aud-limits',
      name: 'All',
      filterGroups: [[{ id: 'f', field: 'email', label: 'Email', operator: 'Contains', value: '@' }]],
    });
    const made = await c.command('send.create-campaign', {
      _id: 'cmp-limits',
      name: 'Spring',
      description: 'Offer',
      audiences: ['aud-limits'],
      deliveryMethods: ['Sms'],
      templateId: 'tpl-limits',
    });
    expect(made.status).toBe(200);
    const published = await c.command('send.publish', { _id: 'cmp-limits', sendAtSecondsTimestamp: 1e13 });
    expect(refusal(published)).toEqual([400, 'time-picker.date-too-far']);
  });

  it('a quote time zone that is not a real one; the quotes still open', async () => {
    const refused = await c.command('quotes.update-settings', { timeZone: 'Mars/Olympus_Mons' });
    expect(refusal(refused)).toEqual([400, 'validation.time-zone-invalid']);
    for (const timeZone of ['UTC', 'America/New_York']) {
      expect((await c.command('quotes.update-settings', { timeZone })).status).toBe(200);
    }
    const quote = await c.command('quotes.create', {
      customerId,
      name: 'Windows',
      items: [{ title: 'Windows', quantity: 1, unitPrice: 20 }],
      date: '2026-11-20',
      expiry: '2099-12-31',
    });
    expect(quote.status).toBe(200);
  });

  it('a valid quote too large for one record (45 items of 12 KB)', async () => {
    const item = (i: number) => ({
      title: `Item ${i}`,
      quantity: 1,
      unitPrice: 10,
      description: 'd'.repeat(2000),
      longDescription: 'l'.repeat(10_000),
    });
    const refused = await c.command('quotes.create', {
      customerId,
      name: 'Everything',
      items: Array.from({ length: 45 }, (_, i) => item(i)),
      date: '2026-11-20',
      expiry: '2099-12-31',
    });
    expect(refusal(refused)).toEqual([400, 'general.record-too-large']);
    // The same number of short items is saved.
    const fits = await c.command('quotes.create', {
      customerId,
      name: 'Everything',
      items: Array.from({ length: 45 }, (_, i) => ({ ...item(i), longDescription: 'l'.repeat(500) })),
      date: '2026-11-20',
      expiry: '2099-12-31',
    });
    expect(fits.status).toBe(200);
  });

  it('the fourth send.exclude of 5,000 ids', async () => {
    await c.command('send.create-campaign', {
      _id: 'cmp-exclude',
      name: 'Big',
      description: 'Offer',
      audiences: ['aud-limits'],
      deliveryMethods: ['Email'],
    });
    const answers: unknown[][] = [];
    for (let round = 0; round < 4; round++) {
      const customerIds = Array.from({ length: 5_000 }, (_, i) => `${round}${String(i).padStart(25, '0')}`);
      const key = { 'idempotency-key': `exclude-limits-${round}` };
      answers.push(refusal(await c.post('/send/add-to-exclude-list/cmp-exclude', { customerIds }, key)));
    }
    // As many as one record holds are kept; the rest are refused with a code, never a 500.
    const kept = answers.filter(([status]) => status === 200).length;
    expect(kept).toBeGreaterThanOrEqual(2);
    expect(answers.slice(kept)).toEqual(Array(4 - kept).fill([400, 'general.record-too-large']));
    const campaign = (await c.get('/sync?cursor=')).json.changes.findLast(
      (ch: { type: string; entity: { _id: string } }) =>
        ch.type === 'campaign' && ch.entity._id === 'cmp-exclude',
    );
    expect(campaign.entity.excludeList).toHaveLength(kept * 5_000);
  });

  it('an account save with 180 canned responses of 5,000 characters', async () => {
    const cannedResponses = Array.from({ length: 180 }, (_, i) => ({
      id: `r${i}`,
      title: `Response ${i}`,
      message: 'm'.repeat(5_000),
      tags: [],
    }));
    const refused = await c.patch('/account', { settings: { cannedResponses } });
    expect(refusal(refused)).toEqual([400, 'general.record-too-large']);
    expect((await c.get('/me')).json.account.settings.cannedResponses).toEqual([]);
  });

  it('an attachment id of "\\u0000"', async () => {
    for (const res of [
      await c.get('/attachments/%00'),
      await c.delete('/attachments/%00'),
      await c.command('attachments.delete', { _id: '\u0000' }),
    ]) {
      expect(refusal(res)).toEqual([400, 'general.id-invalid']);
    }
  });

  it('a campaign id with %00 or CR/LF in the CSV download', async () => {
    for (const id of ['%00', 'cmp%0D%0ASet-Cookie:%20x=1', 'cmp%0A']) {
      const res = await c.get(`/send/campaigns/${id}/delivery?format=csv`);
      expect(refusal(res), id).toEqual([400, 'general.id-invalid']);
    }
    const csv = await api.app.request('/api/send/campaigns/cmp-limits/delivery?format=csv', {
      headers: { cookie: c.cookie },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe(
      'attachment; filename="campaign-cmp-limits-send-log.csv"',
    );
  });
});
