import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../test-harness.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

const DAY_S = 86_400;

/** How long a browser keeps a cookie from now (RFC 6265: Max-Age wins over Expires). */
function lifetimeSeconds(setCookie: string): number {
  const maxAge = /;\s*Max-Age=(-?\d+)/i.exec(setCookie);
  if (maxAge) return Number(maxAge[1]);
  const expires = /;\s*Expires=([^;]+)/i.exec(setCookie);
  return expires ? (Date.parse(expires[1] as string) - Date.now()) / 1000 : 0;
}

describe('the session cookie', () => {
  it("lasts 30 days from when the browser gets it, whatever the server's clock says", async () => {
    api.advance(-60 * DAY_S * 1000); // a server whose clock is two months behind the browser's
    try {
      const c = api.client();
      const res = await c.post('/auth/signup', {
        email: 'cookie@example.com',
        password: 'correct horse 1',
        name: 'Cook',
        businessName: 'Cookies',
      });
      expect(res.status).toBe(201);
      const lifetime = lifetimeSeconds(res.headers.get('set-cookie') ?? '');
      expect(lifetime).toBeGreaterThan(30 * DAY_S - 60);
      expect(lifetime).toBeLessThanOrEqual(30 * DAY_S);
    } finally {
      api.advance(60 * DAY_S * 1000);
    }
  });
});
