import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../test-harness.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

/** Zero-width space, Hangul filler, word joiner, no-break space: looks empty on every screen. */
const INVISIBLE = '\u200b\u3164\u2060\u00a0';

describe('names outside commands are blank when only invisible characters', () => {
  it('sign-up, the profile and the business name refuse them; a name is trimmed of them', async () => {
    const c = api.client();
    const signup = (name: string, businessName: string) =>
      c.post('/auth/signup', { email: 'blank@example.com', password: 'correct horse 1', name, businessName });
    expect((await signup(INVISIBLE, 'Blank Windows')).json.code).toBe('auth.name-required');
    expect((await signup('Bea', INVISIBLE)).json.code).toBe('auth.name-required');
    const ok = await signup(`${INVISIBLE}Bea${INVISIBLE}`, 'Blank Windows');
    expect(ok.status).toBe(201);
    expect(ok.json.user.name).toBe('Bea');
    expect((await c.patch('/me', { name: INVISIBLE })).json.code).toBe('auth.name-required');
    expect((await c.patch('/account', { businessName: INVISIBLE })).json.code).toBe('auth.name-required');
    expect((await c.get('/me')).json).toMatchObject({
      user: { name: 'Bea' },
      account: { businessName: 'Blank Windows' },
    });
  });
});
