import { type AppError, statusOf } from '@roundwise/core';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** `loadMe`: what the app layout opens with, online and offline (lib/sync/README.md). */
const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const me = (name: string) => ({ user: { name }, account: { accountId: 'a1' } });

// `loadMe` remembers per page whether the API confirmed `me`: a fresh module is a fresh page.
const load = async () => (await import('./me.ts')).loadMe;

describe('loadMe', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('asks the API on a new page even when the restored cache holds a fresh copy', async () => {
    const fetch = vi.fn().mockResolvedValue(reply(200, me('From the API')));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    client.setQueryData(['me'], me('Restored'));
    const loadMe = await load();
    expect((await loadMe(client)).user.name).toBe('From the API');
    // Later navigations on the same page never wait on the network, even once it is stale.
    client.setQueryData(['me'], me('Updated'), { updatedAt: 0 });
    expect((await loadMe(client)).user.name).toBe('Updated');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('opens on the restored copy when the API cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const client = new QueryClient();
    client.setQueryData(['me'], me('Restored'));
    expect((await (await load())(client)).user.name).toBe('Restored');
  });

  it('asks the API while the cache restores; offline, opens on the copy the restore brings', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const client = new QueryClient();
    let restored!: () => void;
    const restore = new Promise<void>((r) => {
      restored = () => {
        client.setQueryData(['me'], me('Restored'));
        r();
      };
    });
    const opened = (await load())(client, restore);
    setTimeout(restored, 20);
    expect((await opened).user.name).toBe('Restored');
  });

  it("keeps the API's answer when an older copy is restored after it", async () => {
    const fetch = vi.fn().mockResolvedValue(reply(200, me('From the API')));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    const loadMe = await load();
    expect((await loadMe(client, new Promise(() => {}))).user.name).toBe('From the API');
    // The restore lands after the answer: TanStack's hydrate keeps the newer data.
    const { dehydrate, hydrate } = await import('@tanstack/react-query');
    const older = new QueryClient();
    older.setQueryData(['me'], me('Restored'), { updatedAt: Date.now() - 60_000 });
    hydrate(client, dehydrate(older));
    expect((await loadMe(client)).user.name).toBe('From the API');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('never hides a refusal (signed out) behind the cache, nor invents a me offline', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(reply(401, { code: 'auth.session-required' })));
    const client = new QueryClient();
    client.setQueryData(['me'], me('Restored'));
    const refusal = await (await load())(client).catch((e: AppError) => e);
    expect(statusOf(refusal as AppError)).toBe(401);

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect((await load())(new QueryClient())).rejects.toMatchObject({ code: 'app.offline' });
  });

  it('over a poor signal, opens on the cached copy after the grace and takes the answer when it comes', async () => {
    let answer!: (r: Response) => void;
    vi.stubGlobal('fetch', vi.fn().mockReturnValue(new Promise<Response>((r) => (answer = r))));
    const client = new QueryClient();
    client.setQueryData(['me'], me('Restored'));
    const started = Date.now();
    expect((await (await load())(client, undefined, { graceMs: 50 })).user.name).toBe('Restored');
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    answer(reply(200, me('From the API')));
    await vi.waitFor(() =>
      expect(client.getQueryData<{ user: { name: string } }>(['me'])?.user.name).toBe('From the API'),
    );
  });

  it('over a poor signal with nothing cached, waits for the API; a late refusal signs out', async () => {
    let answer!: (r: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(() => new Promise<Response>((r) => (answer = r))),
    );
    const loadMe = await load();
    const opening = loadMe(new QueryClient(), undefined, { graceMs: 10 });
    await new Promise((r) => setTimeout(r, 40));
    answer(reply(200, me('From the API')));
    expect((await opening).user.name).toBe('From the API');

    const client = new QueryClient();
    client.setQueryData(['me'], me('Restored'));
    const signedOut = vi.fn();
    vi.resetModules(); // a new page: `me` not yet confirmed
    const fresh = await load();
    expect((await fresh(client, undefined, { graceMs: 10, onSignedOut: signedOut })).user.name).toBe(
      'Restored',
    );
    answer(reply(401, { code: 'auth.session-required' }));
    await vi.waitFor(() => expect(signedOut).toHaveBeenCalledTimes(1));
  });
});
