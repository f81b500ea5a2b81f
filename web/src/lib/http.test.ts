import { AppError, statusOf } from '@roundwise/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import errors from '../locales/errors.en-GB.json';
import { answer, api, apiHref, createApiClient } from './http.ts';
import i18next from './i18n.ts';

const reply = (status: number, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

/** The error one call fails with when the server answers `res`. */
const failure = (res: Response) =>
  answer(createApiClient(() => res).me.$get()).then(
    () => undefined,
    (e: unknown) => e as AppError,
  );

// First in the file: the words are fetched once per page, so later failures would find them here.
describe("a failure's words", () => {
  it('are at hand when the client reports it, though the entry does not carry them', async () => {
    const code = Object.keys(errors)[0]!;
    expect(i18next.exists(code)).toBe(false);
    expect((await failure(reply(400, { code })))?.code).toBe(code);
    expect(i18next.t(code)).toBe(errors[code as keyof typeof errors]);
  });
});

describe('api errors', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('parses { code, params } into an AppError with the status its kind stands for', async () => {
    const error = await failure(reply(403, { code: 'access.level-required', params: { level: 'Advanced' } }));
    expect(error).toBeInstanceOf(AppError);
    expect([statusOf(error!), error!.code, error!.params]).toEqual([
      403,
      'access.level-required',
      { level: 'Advanced' },
    ]);
  });

  it('gives a general code when the body is not an error answer', async () => {
    expect((await failure(reply(502, '<html>bad gateway</html>')))?.code).toBe('general.server-error');
    expect((await failure(reply(400, { message: 'x' })))?.code).toBe('general.error');
    expect((await failure(reply(400, { code: 'auth.token-invalid', params: 'x' })))?.params).toEqual({});
  });

  it('fails with kind offline (app.offline) when the request never arrives', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await answer(api.me.$get()).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'offline', code: 'app.offline' });
  });

  it('sends JSON with credentials to the route the call names and returns the body', async () => {
    const fetchMock = vi.fn().mockResolvedValue(reply(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const body = await answer(api.auth.login.$post({ json: { email: 'a@b.c', password: 'p' } }));
    expect(body).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"email":"a@b.c","password":"p"}',
      headers: { 'content-type': 'application/json' },
    });
  });

  it('gives the address of a route for the browser to open itself, on the page origin', () => {
    const id = encodeURIComponent('n/1');
    expect(apiHref(api.notifications.view[':id'].$path({ param: { id } }))).toBe(
      '/api/notifications/view/n%2F1',
    );
    expect(apiHref(api.send.campaigns[':id'].delivery.$path({ param: { id: 'c1' } }))).toBe(
      '/api/send/campaigns/c1/delivery',
    );
  });

  it('puts path parameters and queries where the route has them', async () => {
    const fetchMock = vi.fn().mockImplementation(async () => reply(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    await answer(api.backups.restores[':jobId'].$get({ param: { jobId: 'j1' } }));
    await answer(api.photos.search.$get({ query: { query: 'window', page: '2' } }));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/backups/restores/j1',
      '/api/photos/search?query=window&page=2',
    ]);
  });

  it('rejects a refusal with its AppError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(reply(401, { code: 'auth.invalid-credentials', params: {} })),
    );
    const error = (await answer(api.auth.login.$post({ json: { email: 'a@b.c', password: 'x' } })).catch(
      (e: unknown) => e,
    )) as AppError;
    expect([statusOf(error), error.code]).toEqual([401, 'auth.invalid-credentials']);
  });
});
