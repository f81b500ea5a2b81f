import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkFrom, startTestApi, viaEdge } from '../test-harness.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

describe('sign-up and sign-in', () => {
  it('signs up an Owner in a new trial account, sets an HttpOnly SameSite cookie and answers /api/me', async () => {
    const c = api.client();
    const res = await c.signup('ann@example.com', 'Ann’s Windows');
    expect(res.status).toBe(201);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/rw_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = await c.get('/me');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({
      user: { email: 'ann@example.com', emailVerified: false, developerMode: false },
      roles: ['Owner'],
      level: 'Ultimate',
      subscription: 'trial',
      flags: [],
      memberships: [{ businessName: 'Ann’s Windows', roles: ['Owner'] }],
    });
    expect(me.json.user.settings).toMatchObject({ hideQuickStart: false, temperatureUnit: 'celsius' });
  });

  it('refuses a second sign-up with the same email (any case) and keeps the first account', async () => {
    const c = api.client();
    expect((await c.signup('dup@example.com')).status).toBe(201);
    const again = await api.client().signup('DUP@example.com', 'Other');
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ code: 'auth.email-taken', params: {} });
    expect((await c.get('/me')).json.account.businessName).toBe('Sparkle Windows');
  });

  it.each([
    [
      { email: 'not-an-email', password: 'long enough 1', name: 'A', businessName: 'B' },
      'auth.email-invalid',
    ],
    [{ email: 'x@example.com', password: 'short', name: 'A', businessName: 'B' }, 'auth.password-too-short'],
    [
      { email: 'x@example.com', password: 'long enough 1', name: ' ', businessName: 'B' },
      'auth.name-required',
    ],
    [{ email: 'x@example.com' }, 'general.validation-failed'],
  ])('rejects a bad sign-up body with 400 and a message key (%#)', async (body, code) => {
    const res = await api.client().post('/auth/signup', body);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(code);
    const login = await api
      .client()
      .post('/auth/login', { email: 'x@example.com', password: 'long enough 1' });
    expect(login.status).toBe(401);
  });

  it('answers malformed JSON with 400 and a code', async () => {
    const res = await api
      .client()
      .call('POST', '/auth/login', '{"email":', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('general.validation-failed');
  });

  it('logs in and out; a wrong password and an unknown email get the same 401', async () => {
    await api.client().signup('bob@example.com');
    const c = api.client();
    const wrong = await c.post('/auth/login', { email: 'bob@example.com', password: 'nope nope nope' });
    const unknown = await c.post('/auth/login', { email: 'nobody@example.com', password: 'nope nope nope' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.code).toBe('auth.invalid-credentials');
    const ok = await c.post('/auth/login', { email: 'Bob@Example.com', password: 'correct horse 1' });
    expect(ok.status).toBe(200);
    expect((await c.get('/me')).status).toBe(200);
    await c.post('/auth/logout');
    const after = await c.get('/me');
    expect(after.status).toBe(401);
    expect(after.json.code).toBe('auth.unauthenticated');
  });

  it('rate-limits login attempts: the 11th in 15 minutes is refused with 429 even with the right password', async () => {
    await api.client().signup('carol@example.com');
    const c = api.client();
    for (let i = 0; i < 10; i++) {
      expect(
        (await c.post('/auth/login', { email: 'carol@example.com', password: `wrong ${i} wrong` })).status,
      ).toBe(401);
    }
    const blocked = await c.post('/auth/login', { email: 'carol@example.com', password: 'correct horse 1' });
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe('auth.rate-limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('verifies the email from the mailed link, once', async () => {
    const c = api.client();
    await c.signup('dan@example.com');
    const token = linkFrom(api.outbox, 'dan@example.com', 'verify-email');
    expect((await c.post('/auth/verify-email', { token })).status).toBe(200);
    expect((await c.get('/me')).json.user.emailVerified).toBe(true);
    const again = await c.post('/auth/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.json.code).toBe('auth.token-invalid');
  });

  it('mails at most 5 reset links an hour to one address, known or not; the 6th is refused with 429', async () => {
    await api.client().signup('flood@example.com');
    const anon = api.client();
    for (const email of ['flood@example.com', 'nobody-here@example.com']) {
      const before = api.outbox.length;
      for (let i = 0; i < 5; i++)
        expect((await anon.post('/auth/password-reset/request', { email })).status).toBe(202);
      const refused = await anon.post('/auth/password-reset/request', { email });
      expect(refused.status).toBe(429);
      expect(refused.json.code).toBe('auth.mail-rate-limited');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // The same refusal whether the address has an account: only the mails differ.
      expect(api.outbox.length - before).toBe(email === 'flood@example.com' ? 5 : 0);
    }
    // An hour later the address may ask again.
    api.advance(60 * 60 * 1000);
    expect((await anon.post('/auth/password-reset/request', { email: 'flood@example.com' })).status).toBe(
      202,
    );
  });

  it('sends the verification mail again at most 5 times an hour', async () => {
    const c = api.client();
    await c.signup('again@example.com');
    const sent = () => api.outbox.filter((m) => m.to === 'again@example.com').length;
    const first = sent();
    for (let i = 0; i < 5; i++) expect((await c.post('/auth/resend-verification')).status).toBe(200);
    const refused = await c.post('/auth/resend-verification');
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('auth.mail-rate-limited');
    expect(sent() - first).toBe(5);
  });

  it('limits sign-ups from one client address to 20 an hour', async () => {
    const from = viaEdge('203.0.113.9');
    for (let i = 0; i < 20; i++) {
      const res = await api.client().call('POST', '/auth/signup', body(`many-${i}@example.com`), from);
      expect(res.status).toBe(201);
    }
    const refused = await api.client().call('POST', '/auth/signup', body('many-20@example.com'), from);
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('auth.signup-rate-limited');
    // Nothing was created: the address can still sign up from elsewhere.
    const elsewhere = viaEdge('198.51.100.7');
    expect(
      (await api.client().call('POST', '/auth/signup', body('many-20@example.com'), elsewhere)).status,
    ).toBe(201);
  }, 30_000);

  it('counts a caller by an address no client can set: a forged viewer header is ignored', async () => {
    // Straight to API Gateway (no edge secret): the address is the one API Gateway saw.
    const direct = (email: string, forged: string) =>
      api.app.request(
        '/api/auth/signup',
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'cloudfront-viewer-address': `${forged}:443`,
            'x-roundwise-viewer-address': forged,
            'x-roundwise-edge': 'a guess',
          },
          body: JSON.stringify(body(email)),
        },
        { requestContext: { http: { sourceIp: '192.0.2.44' } } },
      );
    for (let i = 0; i < 20; i++) {
      expect((await direct(`forged-${i}@example.com`, `10.0.0.${i}`)).status).toBe(201);
    }
    const refused = await direct('forged-20@example.com', '10.0.1.1');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe('auth.signup-rate-limited');
  }, 30_000);

  it('resets a password by mailed link: the old password and older sessions stop working', async () => {
    const old = api.client();
    await old.signup('erin@example.com');
    const anon = api.client();
    const req = await anon.post('/auth/password-reset/request', { email: 'erin@example.com' });
    expect(req.status).toBe(202);
    // Unknown emails get the same answer and no mail.
    const before = api.outbox.length;
    expect((await anon.post('/auth/password-reset/request', { email: 'ghost@example.com' })).status).toBe(
      202,
    );
    expect(api.outbox.length).toBe(before);
    const token = linkFrom(api.outbox, 'erin@example.com', 'reset-password');
    api.advance(1000);
    expect(
      (await anon.post('/auth/password-reset/confirm', { token, password: 'brand new pass' })).status,
    ).toBe(200);
    expect((await old.get('/me')).status).toBe(401);
    expect(
      (await anon.post('/auth/login', { email: 'erin@example.com', password: 'correct horse 1' })).status,
    ).toBe(401);
    expect(
      (await anon.post('/auth/login', { email: 'erin@example.com', password: 'brand new pass' })).status,
    ).toBe(200);
  });

  it('a password change retires every reset link mailed before it', async () => {
    await api.client().signup('gil@example.com');
    const anon = api.client();
    await anon.post('/auth/password-reset/request', { email: 'gil@example.com' });
    const older = linkFrom(api.outbox, 'gil@example.com', 'reset-password');
    api.advance(1000);
    await anon.post('/auth/password-reset/request', { email: 'gil@example.com' });
    const newer = linkFrom(api.outbox, 'gil@example.com', 'reset-password');
    expect(newer).not.toBe(older);
    api.advance(1000);
    expect(
      (await anon.post('/auth/password-reset/confirm', { token: newer, password: 'newer password' })).status,
    ).toBe(200);
    api.advance(1000);
    const stale = await anon.post('/auth/password-reset/confirm', {
      token: older,
      password: 'older password',
    });
    expect([stale.status, stale.json.code]).toEqual([400, 'auth.token-invalid']);
    const login = (password: string) => anon.post('/auth/login', { email: 'gil@example.com', password });
    expect((await login('older password')).status).toBe(401);
    expect((await login('newer password')).status).toBe(200);
    // A link mailed after the change works.
    await anon.post('/auth/password-reset/request', { email: 'gil@example.com' });
    const later = linkFrom(api.outbox, 'gil@example.com', 'reset-password');
    expect(
      (await anon.post('/auth/password-reset/confirm', { token: later, password: 'latest password' })).status,
    ).toBe(200);
  });

  it('expires sessions after 30 days', async () => {
    const c = api.client();
    await c.signup('fay@example.com');
    api.advance(29 * 86_400_000);
    expect((await c.get('/me')).status).toBe(200);
    api.advance(2 * 86_400_000);
    expect((await c.get('/me')).status).toBe(401);
  });
});

function body(email: string) {
  return { email, password: 'correct horse 1', name: 'Sam', businessName: 'Many Windows' };
}
