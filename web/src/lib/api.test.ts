import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, errorMessage, OfflineError, toApiError } from './api.ts';

const reply = (status: number, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

describe('api errors', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('parses { code, params } into an ApiError', async () => {
    const error = await toApiError(
      reply(403, { code: 'access.level-required', params: { level: 'Advanced' } }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.code, error.params]).toEqual([
      403,
      'access.level-required',
      { level: 'Advanced' },
    ]);
  });

  it('gives a general code when the body is not an error answer', async () => {
    expect((await toApiError(reply(502, '<html>bad gateway</html>'))).code).toBe('general.server-error');
    expect((await toApiError(reply(400, { message: 'x' }))).code).toBe('general.error');
    expect((await toApiError(reply(400, { code: 'auth.token-invalid', params: 'x' }))).params).toEqual({});
  });

  it('throws OfflineError when the request never arrives', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/me')).rejects.toBeInstanceOf(OfflineError);
    expect(errorMessage(new OfflineError()).key).toBe('app.offline');
  });

  it('sends JSON with credentials and returns the body', async () => {
    const fetchMock = vi.fn().mockResolvedValue(reply(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await api.post('/auth/login', { email: 'a@b.c' })).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"email":"a@b.c"}' });
  });

  it('rejects a refusal with its ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(reply(401, { code: 'auth.invalid-credentials', params: {} })),
    );
    await expect(api.post('/auth/login', {})).rejects.toMatchObject({
      status: 401,
      code: 'auth.invalid-credentials',
    });
  });
});
