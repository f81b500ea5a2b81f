import { createHash } from 'node:crypto';
import { newId, type Quotes } from '@roundwise/core';
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
/** A form post as the page sends it, with the attempt the page was rendered with (one per form). */
const post = (path: string, form: Record<string, string> = {}) =>
  page(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
    body: new URLSearchParams({ attempt: newId(), ...form }).toString(),
  });

/** The quote's public link's token, from the command's answer (docs/public-links.md). */
const tokenOf = (q: Quote) => {
  expect(q.linkToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
  return q.linkToken as string;
};

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
    const preview = await page(`${tokenOf(q)}/?preview_mode=true`);
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('£65.00');
    expect(preview.text).not.toContain('<script');
    expect(preview.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect((await repo.get<Quote>('quote', q._id))?.firstViewedDate).toBeUndefined();

    const first = await page(`${tokenOf(q)}/`);
    expect(first.status).toBe(200);
    expect(first.text).toContain('Every 4 weeks');
    expect(first.text).toContain('Accept quote');
    const viewed = await repo.get<Quote>('quote', q._id);
    expect(viewed?.firstViewedDate).toBeDefined();
    await page(`${tokenOf(q)}/`);
    const again = await repo.get<Quote>('quote', q._id);
    expect(again?.firstViewedDate).toBe(viewed?.firstViewedDate);
    expect(again?.lastViewedDate && again.lastViewedDate >= (viewed?.lastViewedDate ?? '')).toBe(true);

    expect((await page('01UNKNOWNQUOTE0000000000000/')).status).toBe(404);
  });

  it('accept freezes what the customer saw, with a hash; later edits make a new version and leave it', async () => {
    const { c, customerId, repo } = await business('page2@example.com');
    const q = (await c.command('quotes.create', form(customerId))).json.result as Quote;
    const accepted = await post(`${tokenOf(q)}/accept`);
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
    const shown = await page(`${tokenOf(q)}/`);
    expect(shown.text).toContain('£65.00');
    expect(shown.text).not.toContain('£99.00');
    expect(shown.text).toContain('Accepted');
    // Accepting again changes nothing.
    await post(`${tokenOf(q)}/accept`);
    expect((await repo.get<Quote>('quote', q._id))?.acceptance).toEqual(acceptance);
  });

  it('decline needs a reason (400, nothing changed), then stores it', async () => {
    const { c, customerId, repo } = await business('page3@example.com');
    const q = (await c.command('quotes.create', form(customerId))).json.result as Quote;
    const refused = await post(`${tokenOf(q)}/decline`, { reason: '   ' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Enter the reason the quote was declined.');
    expect((await repo.get<Quote>('quote', q._id))?.state).toBe('pending');
    expect((await post(`${tokenOf(q)}/decline`, { reason: 'Too dear' })).status).toBe(303);
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
    const shown = await page(`${tokenOf(q)}/`);
    expect(shown.status).toBe(410);
    expect(shown.text).toContain('This quote has expired.');
    expect(shown.text).not.toContain('Accept quote');
    expect((await post(`${tokenOf(q)}/accept`)).status).toBe(410);
    const stored = await repo.get<Quote>('quote', q._id);
    expect(stored?.state).toBe('pending');
    expect(stored?.firstViewedDate).toBeUndefined();

    await c.command('quotes.delete', { _id: q._id });
    expect((await page(`${tokenOf(q)}/`)).status).toBe(410);
  });
});

describe('public quote links are server tokens (docs/public-links.md)', () => {
  it("another business cannot take over a quote's link by reusing its id", async () => {
    const b = await business('owner-b@example.com');
    const theirs = (await b.c.command('quotes.create', form(b.customerId))).json.result as Quote;
    const a = await business('owner-a@example.com');
    const copy = await a.c.command(
      'quotes.create',
      form(a.customerId, { _id: theirs._id, items: [{ title: 'Decoy', quantity: 1, unitPrice: 999 }] }),
    );
    expect(copy.status).toBe(200);
    const mine = copy.json.result as Quote;
    expect(tokenOf(mine)).not.toBe(tokenOf(theirs));

    // B's link still shows B's quote; the entity id is no link at all.
    const shown = await page(`${tokenOf(theirs)}/`);
    expect(shown.text).toContain('£65.00');
    expect(shown.text).not.toContain('£999.00');
    expect((await page(`${theirs._id}/`)).status).toBe(404);

    // The customer's acceptance on B's link lands in B's account, never A's.
    expect((await post(`${tokenOf(theirs)}/accept`)).status).toBe(303);
    expect((await b.repo.get<Quote>('quote', theirs._id))?.state).toBe('accepted');
    expect((await a.repo.get<Quote>('quote', mine._id))?.state).toBe('pending');
  });

  it('a new quote has no link until the server answers, and works the moment it does', async () => {
    // Effects are held: nothing runs after the command's own transaction.
    const held = await startTestApi('dynalite', { effectQueue: { send: async () => {} } });
    try {
      const c = held.client();
      await c.signup('held@example.com');
      const customer = await c.command('customers.create', { name: 'Ann Smith' });
      const q = (await c.command('quotes.create', form(customer.json.result._id))).json.result as Quote;
      const res = await held.app.request(`/api/go/q/${tokenOf(q)}/`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Accept quote');
    } finally {
      await held.stop();
    }
  }, 60_000);

  it("the customer's accept is one command per attempt, in the audit log, with an alert to the business", async () => {
    const { c, customerId, repo } = await business('answers@example.com');
    // The audit screen's route: the audit feature and developer mode.
    expect((await c.patch('/account', { flags: ['audit'] })).status).toBe(200);
    expect((await c.patch('/me', { developerMode: true })).status).toBe(200);
    const q = (await c.command('quotes.create', form(customerId))).json.result as Quote;
    const attempt = newId();
    // A double tap: the same form posted twice at once.
    const twice = await Promise.all([1, 2].map(() => post(`${tokenOf(q)}/accept`, { attempt })));
    expect(twice.map((r) => r.status)).toEqual([303, 303]);
    const stored = (await repo.get<Quote>('quote', q._id)) as Quote;
    expect(stored.state).toBe('accepted');

    const audit = await c.post('/audit/events', { query: '' });
    const entries = (audit.json.items as { action: string; createdBy: string }[]).filter(
      (e) => e.action === 'quotes.customer-accept',
    );
    expect(entries).toEqual([expect.objectContaining({ createdBy: 'customer (quote page)' })]);

    const alerts = await repo.list<{ title: string; audience: string[] }>('alert');
    expect(alerts).toEqual([
      expect.objectContaining({ title: 'Quote Q-1 accepted', audience: ['answers@example.com'] }),
    ]);
    // A post without the page's attempt is refused and changes nothing.
    const other = (await c.command('quotes.create', form(customerId))).json.result as Quote;
    const bare = await page(`${tokenOf(other)}/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
      body: '',
    });
    expect(bare.status).toBe(400);
    // The first quote's attempt is that answer's alone: on another quote's page it is refused.
    expect((await post(`${tokenOf(other)}/accept`, { attempt })).status).toBe(400);
    expect((await repo.get<Quote>('quote', other._id))?.state).toBe('pending');
  });

  it('a decline alerts the business with the reason', async () => {
    const { c, customerId, repo } = await business('declines@example.com');
    const q = (await c.command('quotes.create', form(customerId))).json.result as Quote;
    expect((await post(`${tokenOf(q)}/decline`, { reason: 'Too dear' })).status).toBe(303);
    const alerts = await repo.list<{ title: string; message: string }>('alert');
    expect(alerts).toEqual([
      expect.objectContaining({ title: 'Quote Q-1 declined', message: 'Ann Smith: Too dear' }),
    ]);
  });

  // Last in the file: it moves the server's clock on.
  it('a declined quote past its expiry cannot be accepted from its page', async () => {
    const { c, customerId, repo } = await business('late@example.com');
    const today = api.now().toISOString().slice(0, 10);
    const tomorrow = new Date(`${today}T12:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const q = (
      await c.command(
        'quotes.create',
        form(customerId, { date: today, expiry: tomorrow.toISOString().slice(0, 10) }),
      )
    ).json.result as Quote;
    expect((await post(`${tokenOf(q)}/decline`, { reason: 'Not now' })).status).toBe(303);
    api.advance(3 * 24 * 60 * 60 * 1000);
    const late = await post(`${tokenOf(q)}/accept`);
    expect(late.status).toBe(410);
    expect(late.text).toContain('This quote has expired.');
    expect((await repo.get<Quote>('quote', q._id))?.state).toBe('declined');
  });
});
