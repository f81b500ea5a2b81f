import { createHash } from 'node:crypto';
import type { Quotes } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../quotes/document.ts';
import { type Client, startTestApi } from '../test-harness.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

type Quote = Quotes.Quote;

async function business(email: string) {
  const c = api.client();
  await c.signup(email);
  const accountId = (await c.get('/me')).json.account.accountId as string;
  const customer = await c.command('customers.create', { name: 'Ann Smith', email: 'ann@example.org' });
  return {
    c,
    accountId,
    customerId: customer.json.result._id as string,
    repo: new EntityRepository(api.db, accountId),
  };
}

const form = (customerId: string, over: Record<string, unknown> = {}) => ({
  customerId,
  name: 'Windows',
  items: [
    {
      title: 'Windows',
      quantity: 1,
      unitPrice: 20,
      frequencyDescription: 'Every 4 weeks',
      frequency: { frequencyType: 'Weeks', frequencyInterval: 4 },
    },
    {
      title: 'Gutters',
      quantity: 1,
      unitPrice: 45,
      frequencyDescription: 'One-off',
      frequency: { frequencyType: 'OneOff' },
    },
  ],
  date: '2026-11-20',
  expiry: '2099-12-31',
  ...over,
});

/** A command as the web app sends it: a concurrent write (409) is sent again under the same id. */
async function commandUntilDone(c: Client, name: string, input: unknown) {
  const commandId = crypto.randomUUID();
  for (let attempt = 0; attempt < 50; attempt++) {
    const res = await c.command(name, input, commandId);
    if (res.status !== 409) return res;
  }
  throw new Error('still conflicting after 50 attempts');
}

/** The page as a browser would load it (the site sends /go/q/* to the API as /api/go/q/*). */
async function page(path: string, init: RequestInit = {}) {
  const res = await api.app.request(`/api/go/q/${path}`, init);
  return { status: res.status, text: await res.text(), headers: res.headers };
}
const post = (path: string, form: Record<string, string> = {}) =>
  page(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
    body: new URLSearchParams(form).toString(),
  });

describe('quote numbers', () => {
  it('are the prefix and a per-account counter, unique and gap-free under concurrent creates', async () => {
    const { c, customerId, repo } = await business('numbers@example.com');
    await c.command('quotes.update-settings', { quotePrefix: 'SW-' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => commandUntilDone(c, 'quotes.create', form(customerId))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const numbers = answers.map((a) => a.json.result.quoteNumber as string);
    expect([...numbers].sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)))).toEqual(
      Array.from({ length: 8 }, (_, i) => `SW-${i + 1}`),
    );
    const stored = await repo.list<Quote>('quote');
    expect(new Set(stored.map((q) => q.quoteNumber)).size).toBe(8);
    expect((await repo.get<Quotes.QuoteSettings>('quoteSettings', 'quote-settings'))?.nextNumber).toBe(9);
    // Another account counts from 1 on its own.
    const other = await business('numbers2@example.com');
    expect((await other.c.command('quotes.create', form(other.customerId))).json.result.quoteNumber).toBe(
      'Q-1',
    );
  }, 60_000);
});

describe('the customer quote page /go/q/{id}/', () => {
  it('shows the quote, records viewed dates (not in preview), and answers 404 for an unknown link', async () => {
    const { c, customerId, repo } = await business('page1@example.com');
    const q = (await c.command('quotes.create', form(customerId))).json.result as Quote;
    const preview = await page(`${q._id}/?preview_mode=true`);
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('£65.00');
    expect(preview.text).not.toContain('<script');
    expect(preview.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect((await repo.get<Quote>('quote', q._id))?.firstViewedDate).toBeUndefined();

    const first = await page(`${q._id}/`);
    expect(first.status).toBe(200);
    expect(first.text).toContain('Every 4 weeks');
    expect(first.text).toContain('Accept quote');
    const viewed = await repo.get<Quote>('quote', q._id);
    expect(viewed?.firstViewedDate).toBeDefined();
    await page(`${q._id}/`);
    const again = await repo.get<Quote>('quote', q._id);
    expect(again?.firstViewedDate).toBe(viewed?.firstViewedDate);
    expect(again?.lastViewedDate && again.lastViewedDate >= (viewed?.lastViewedDate ?? '')).toBe(true);

    expect((await page('01UNKNOWNQUOTE0000000000000/')).status).toBe(404);
  });

  it('accept freezes what the customer saw, with a hash; later edits make a new version and leave it', async () => {
    const { c, customerId, repo } = await business('page2@example.com');
    const q = (await c.command('quotes.create', form(customerId))).json.result as Quote;
    const accepted = await post(`${q._id}/accept`);
    expect([accepted.status, accepted.headers.get('location')]).toEqual([303, './']);
    const stored = (await repo.get<Quote>('quote', q._id)) as Quote;
    expect(stored.state).toBe('accepted');
    expect(stored.acceptedDate).toBeDefined();
    const acceptance = stored.acceptance as Quotes.QuoteAcceptance;
    expect(acceptance.version).toBe(1);
    expect(acceptance.document).toMatchObject({ total: 65, quoteNumber: 'Q-1' });
    expect(acceptance.hash).toBe(
      createHash('sha256').update(canonicalJson(acceptance.document)).digest('hex'),
    );

    const edited = await c.command('quotes.update', {
      ...form(customerId, { items: [{ title: 'Windows', quantity: 1, unitPrice: 99 }] }),
      _id: q._id,
    });
    expect(edited.status).toBe(200);
    const after = (await repo.get<Quote>('quote', q._id)) as Quote;
    expect([after.version, after.total]).toEqual([2, 99]);
    expect(after.acceptance).toEqual(acceptance);
    const shown = await page(`${q._id}/`);
    expect(shown.text).toContain('£65.00');
    expect(shown.text).not.toContain('£99.00');
    expect(shown.text).toContain('Accepted');
    // Accepting again changes nothing.
    await post(`${q._id}/accept`);
    expect((await repo.get<Quote>('quote', q._id))?.acceptance).toEqual(acceptance);
  });

  it('decline needs a reason (400, nothing changed), then stores it', async () => {
    const { c, customerId, repo } = await business('page3@example.com');
    const q = (await c.command('quotes.create', form(customerId))).json.result as Quote;
    const refused = await post(`${q._id}/decline`, { reason: '   ' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Enter the reason the quote was declined.');
    expect((await repo.get<Quote>('quote', q._id))?.state).toBe('pending');
    expect((await post(`${q._id}/decline`, { reason: 'Too dear' })).status).toBe(303);
    expect(await repo.get<Quote>('quote', q._id)).toMatchObject({
      state: 'declined',
      declineReason: 'Too dear',
    });
  });

  it('an expired quote answers 410 and cannot be accepted; a deleted one answers 410', async () => {
    const { c, customerId, repo } = await business('page4@example.com');
    const q = (
      await c.command('quotes.create', form(customerId, { date: '2026-01-01', expiry: '2026-01-31' }))
    ).json.result as Quote;
    const shown = await page(`${q._id}/`);
    expect(shown.status).toBe(410);
    expect(shown.text).toContain('This quote has expired.');
    expect(shown.text).not.toContain('Accept quote');
    expect((await post(`${q._id}/accept`)).status).toBe(410);
    const stored = await repo.get<Quote>('quote', q._id);
    expect(stored?.state).toBe('pending');
    expect(stored?.firstViewedDate).toBeUndefined();

    await c.command('quotes.delete', { _id: q._id });
    expect((await page(`${q._id}/`)).status).toBe(410);
  });
});
