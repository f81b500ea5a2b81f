import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, viaEdge } from '../test-harness.ts';
import { MAX_BODY_BYTES } from './request-guards.ts';

/** Another site's page cannot change anything; a large body is never read. */

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

const signupBody = (email: string) => ({
  email,
  password: 'correct horse 1',
  name: 'Orla',
  businessName: 'Origin Windows',
});

describe('state-changing requests from another origin', () => {
  it('are refused with 403 general.origin-refused and change nothing', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3001']) {
      const c = api.client();
      const res = await c.call('POST', '/auth/signup', signupBody('orla@example.com'), { origin });
      expect([res.status, res.json.code]).toEqual([403, 'general.origin-refused']);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    // Nothing was created: the address is still free.
    expect((await api.client().signup('orla@example.com')).status).toBe(201);
  });

  it('a signed-in user cannot be made to act from another site, whatever the method', async () => {
    const c = api.client();
    await c.signup('pat-origin@example.com', 'Before');
    const evil = { origin: 'https://evil.example' };
    expect((await c.call('PATCH', '/account', { businessName: 'Hijacked' }, evil)).status).toBe(403);
    expect((await c.call('POST', '/auth/logout', {}, evil)).status).toBe(403);
    const command = { commandId: 'origin-cmd-0001', input: { name: 'Planted' } };
    expect((await c.call('POST', '/commands/customers.create', command, evil)).status).toBe(403);
    // Reads are not state-changing (and no other site can read the answer).
    expect((await c.call('GET', '/me', undefined, evil)).status).toBe(200);
    expect((await c.get('/me')).json.account.businessName).toBe('Before');
  });

  it('allows the public address, the address the browser used, and callers with no Origin', async () => {
    const own = [
      ['http://localhost:3000', {}],
      ['http://localhost', {}],
      // Through CloudFront, the host the viewer asked for (the edge vouches for it).
      ['https://app.roundwise.test', viaEdge('203.0.113.5')],
    ] as const;
    for (const [i, [origin, edge]] of own.entries()) {
      const res = await api.client().call('POST', '/auth/signup', signupBody(`own-${i}@example.com`), {
        origin,
        ...edge,
      });
      expect(res.status).toBe(201);
    }
    // A viewer host claimed without the edge's secret is not believed.
    const forged = await api.client().call('POST', '/auth/signup', signupBody('forged-host@example.com'), {
      origin: 'https://evil.example',
      'x-roundwise-viewer-host': 'evil.example',
    });
    expect(forged.status).toBe(403);
    expect((await api.client().signup('no-origin@example.com')).status).toBe(201);
  });
});

describe('request bodies', () => {
  it('a declared length over the limit is refused with 413 before anything is read', async () => {
    let pulled = 0;
    const fiftyMb = 50 * 1024 * 1024;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= fiftyMb) return controller.close();
        pulled += 65_536;
        controller.enqueue(new Uint8Array(65_536).fill(32));
      },
    });
    const res = await api.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(fiftyMb) },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      code: 'general.body-too-large',
      params: { maxBytes: MAX_BODY_BYTES },
    });
    // The stream may have buffered a chunk or two ahead; nothing like the 50 MB declared.
    expect(pulled).toBeLessThan(MAX_BODY_BYTES);
  });

  it('a streamed body with no length is read only up to the limit, then refused', async () => {
    let pulled = 0;
    const fiftyMb = 50 * 1024 * 1024;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= fiftyMb) return controller.close();
        pulled += 65_536;
        controller.enqueue(new Uint8Array(65_536).fill(32));
      },
    });
    const res = await api.app.request('/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(MAX_BODY_BYTES + 4 * 65_536);
  });

  it('a body within the limit is read as usual', async () => {
    const padded = { ...signupBody('padded@example.com'), name: 'P'.repeat(150) };
    const text = JSON.stringify(padded).padEnd(MAX_BODY_BYTES - 10, ' ');
    const res = await api.client().call('POST', '/auth/signup', text, { 'content-type': 'application/json' });
    expect(res.status).toBe(201);
  });
});
