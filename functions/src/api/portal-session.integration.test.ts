import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startTestApi } from '../test-harness.ts';

/**
 * The customer's passwordless session (issue 26 item 3): a code by email or text to a contact the
 * business holds, exchanged for a session bound to one customer of one account; expiry, sign-out,
 * rate limits, and the staff's read-only "view as".
 */
const texts: { to: string; body: string; key: string }[] = [];
let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi('dynalite', {
    sms: {
      send: async (m) => {
        texts.push(m);
        return { id: m.key };
      },
    },
  });
}, 60_000);
afterAll(() => api.stop());

const key = () => ({ 'idempotency-key': crypto.randomUUID() });

/** A business with a published portal at `handle` and one customer: its owner's client and the customer's id. */
async function business(handle: string, customer: { email?: string; mobileNumber?: string } = {}) {
  const owner = api.client();
  const email = `${handle}-owner@example.com`;
  expect((await owner.signup(email)).status).toBe(201);
  const saved = await owner.call(
    'PUT',
    `/directory/secure/${email}`,
    { portalEnabled: 'y', isPublic: 'y', uniqueUrl: handle, businessName: `${handle} windows` },
    key(),
  );
  expect(saved.status).toBe(200);
  const created = await owner.command('customers.create', { name: 'Rita Reed', ...customer });
  expect(created.status).toBe(200);
  return { owner, customerId: created.json.result._id as string };
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const mailsTo = (to: string) => api.outbox.filter((m) => m.to === to);
const lastCode = (to: string) => codeIn(mailsTo(to).at(-1)?.text ?? '');

async function signedIn(handle: string, contact: string) {
  const c = api.client();
  expect((await c.post(`/portal/${handle}/session/code`, { contact })).status).toBe(202);
  const res = await c.post(`/portal/${handle}/session`, {
    contact,
    code: lastCode(contact.trim().toLowerCase()),
  });
  expect(res.status).toBe(200);
  return { c, res, token: res.json.session.token as string };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const whoAmI = (c: Client, handle: string, headers: Record<string, string> = {}) =>
  c.call('GET', `/portal/${handle}/session`, undefined, headers);

describe('signing in with a code', () => {
  it('mails a code to the contact the business holds and exchanges it for a session, as a cookie and in the body', async () => {
    const { customerId } = await business('code-shop', { email: 'rita@example.com' });
    const { c, res, token } = await signedIn('code-shop', 'Rita@Example.com ');
    expect(res.json.session).toMatchObject({ id: customerId });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^rw_portal_code-shop=/);
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=None', 'Partitioned'])
      expect(cookie).toContain(attribute);
    // The cookie, and the token held in memory by a frame whose cookies are blocked.
    expect((await whoAmI(c, 'code-shop')).json.session).toMatchObject({ id: customerId, name: 'Rita Reed' });
    expect((await whoAmI(api.client(), 'code-shop', bearer(token))).json.session.id).toBe(customerId);
    // The code works once.
    const again = await api
      .client()
      .post('/portal/code-shop/session', { contact: 'rita@example.com', code: lastCode('rita@example.com') });
    expect([again.status, again.json.code]).toEqual([401, 'portal.code-invalid']);
  });

  it('answers alike for a contact that is no customer, and sends it nothing', async () => {
    await business('quiet-shop', { email: 'known@example.com' });
    const before = api.outbox.length;
    const res = await api
      .client()
      .post('/portal/quiet-shop/session/code', { contact: 'stranger@example.com' });
    expect([res.status, res.json]).toEqual([202, { sent: true }]);
    expect(api.outbox.length).toBe(before);
    for (const contact of ['not a contact', '12', '']) {
      const bad = await api.client().post('/portal/quiet-shop/session/code', { contact });
      expect([bad.status, bad.json.code]).toEqual([400, 'portal.contact-invalid']);
    }
    expect(api.outbox.length).toBe(before);
  });

  it('texts the code to a mobile number in either form, through the outbox, once', async () => {
    await business('text-shop', { mobileNumber: '07700 900123' });
    const res = await api.client().post('/portal/text-shop/session/code', { contact: '+44 7700 900123' });
    expect(res.status).toBe(202);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ to: '+44 7700 900123' });
    const code = codeIn(texts[0]!.body);
    const session = await api.client().post('/portal/text-shop/session', { contact: '07700900123', code });
    expect(session.status).toBe(200);
  });

  it('refuses a wrong code, and after five wrong tries the right one too', async () => {
    await business('tries-shop', { email: 'tries@example.com' });
    const c = api.client();
    await c.post('/portal/tries-shop/session/code', { contact: 'tries@example.com' });
    const right = lastCode('tries@example.com');
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await c.post('/portal/tries-shop/session', { contact: 'tries@example.com', code: wrong });
      expect([res.status, res.json.code]).toEqual([401, 'portal.code-invalid']);
    }
    const late = await c.post('/portal/tries-shop/session', { contact: 'tries@example.com', code: right });
    expect(late.status).toBe(401);
    expect(late.headers.get('set-cookie')).toBeNull();
    const malformed = await c.post('/portal/tries-shop/session', {
      contact: 'tries@example.com',
      code: '12ab',
    });
    expect([malformed.status, malformed.json.code]).toEqual([400, 'portal.code-invalid']);
  });

  it('limits codes to one contact: the sixth in an hour is refused and not sent', async () => {
    await business('limit-shop', { email: 'limit@example.com' });
    for (let i = 0; i < 5; i++) {
      expect(
        (await api.client().post('/portal/limit-shop/session/code', { contact: 'limit@example.com' })).status,
      ).toBe(202);
    }
    const refused = await api
      .client()
      .post('/portal/limit-shop/session/code', { contact: 'limit@example.com' });
    expect([refused.status, refused.json.code]).toEqual([429, 'portal.code-rate-limited']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(mailsTo('limit@example.com')).toHaveLength(5);
  });
});

describe('a session', () => {
  it("is one account's: the same customer's token answers nowhere else", async () => {
    await business('first-shop', { email: 'both@example.com' });
    await business('second-shop', { email: 'both@example.com' });
    const { token } = await signedIn('first-shop', 'both@example.com');
    const elsewhere = await whoAmI(api.client(), 'second-shop', bearer(token));
    expect([elsewhere.status, elsewhere.json.code]).toEqual([401, 'portal.session-required']);
    expect((await whoAmI(api.client(), 'first-shop')).status).toBe(401);
    expect((await whoAmI(api.client(), 'first-shop', bearer('x'.repeat(43)))).status).toBe(401);
    // An unknown or unpublished portal answers no session call.
    expect(
      (await api.client().post('/portal/no-such-shop/session/code', { contact: 'both@example.com' })).status,
    ).toBe(404);
  });

  it('ends with sign-out, and on its own after 30 days; a code after 10 minutes', async () => {
    await business('expiry-shop', { email: 'expiry@example.com' });
    const { c, token } = await signedIn('expiry-shop', 'expiry@example.com');
    expect((await c.delete('/portal/expiry-shop/session')).status).toBe(200);
    expect((await whoAmI(api.client(), 'expiry-shop', bearer(token))).status).toBe(401);
    expect((await whoAmI(c, 'expiry-shop')).status).toBe(401);

    const later = await signedIn('expiry-shop', 'expiry@example.com');
    await api.client().post('/portal/expiry-shop/session/code', { contact: 'expiry@example.com' });
    const stale = lastCode('expiry@example.com');
    api.advance(11 * 60_000);
    const tooLate = await api
      .client()
      .post('/portal/expiry-shop/session', { contact: 'expiry@example.com', code: stale });
    expect(tooLate.status).toBe(401);
    expect((await whoAmI(api.client(), 'expiry-shop', bearer(later.token))).status).toBe(200);
    api.advance(30 * 86_400_000);
    const expired = await whoAmI(api.client(), 'expiry-shop', bearer(later.token));
    expect([expired.status, expired.json.code]).toEqual([401, 'portal.session-required']);
  });
});

describe('view as (staff)', () => {
  it('gives the Owner a read-only session of one of their customers; not a worker, not another account', async () => {
    const { owner, customerId } = await business('view-shop', { email: 'viewed@example.com' });
    const res = await owner.get(`/directory/session/${customerId}`);
    expect(res.status).toBe(200);
    const { session } = res.json.data;
    expect(session).toMatchObject({ id: customerId, viewAs: true });
    expect((await whoAmI(api.client(), 'view-shop', bearer(session.token))).json.session).toMatchObject({
      id: customerId,
      viewAs: true,
    });
    const { member } = await api.addMember(owner, 'view-worker@example.com', ['Worker']);
    expect((await member.get(`/directory/session/${customerId}`)).status).toBe(403);
    const other = await business('other-view-shop');
    const foreign = await other.owner.get(`/directory/session/${customerId}`);
    expect([foreign.status, foreign.json.code]).toEqual([404, 'customers.not-found']);
    expect((await api.client().get(`/directory/session/${customerId}`)).status).toBe(401);
  });
});
