import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../test-harness.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

describe('GET /api/sync', () => {
  it('pages through every change in write order with cursor and hasMore', async () => {
    const c = api.client();
    await c.signup('sync1@example.com');
    const names = Array.from({ length: 7 }, (_, i) => `Customer ${i}`);
    for (const name of names) await c.command('customers.create', { name });
    const seen: string[] = [];
    let cursor = '';
    let pages = 0;
    for (;;) {
      const page = await c.get(`/sync?limit=3&cursor=${cursor}`);
      expect(page.status).toBe(200);
      pages++;
      seen.push(...page.json.changes.map((ch: { entity: { name: string } }) => ch.entity.name));
      cursor = page.json.cursor;
      if (!page.json.hasMore) break;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(names);
  });

  it('a delta after the cursor carries only newer changes, tombstones included', async () => {
    const c = api.client();
    await c.signup('sync2@example.com');
    const keep = (await c.command('customers.create', { name: 'Keep' })).json.result;
    const drop = (await c.command('customers.create', { name: 'Drop' })).json.result;
    const full = await c.get('/sync');
    expect(full.json.changes).toHaveLength(2);
    // Writes within the last few seconds are sent again (the feed's safety window), so move on.
    api.advance(10_000);
    const settled = await c.get(`/sync?cursor=${full.json.cursor}`);
    api.advance(10_000);
    await c.command('customers.delete', { _id: drop._id });
    await c.command('customers.update', { _id: keep._id, changes: { name: 'Kept' } });
    const delta = await c.get(`/sync?cursor=${settled.json.cursor}`);
    expect(delta.json.changes.map((ch: { entity: object }) => ch.entity)).toEqual([
      expect.objectContaining({ _id: drop._id, _deleted: true, _version: 2 }),
      expect.objectContaining({ _id: keep._id, name: 'Kept', _version: 2 }),
    ]);
    expect(delta.json.hasMore).toBe(false);
  });

  it('an empty delta returns no changes and a usable cursor', async () => {
    const c = api.client();
    await c.signup('sync3@example.com');
    await c.command('customers.create', { name: 'Only' });
    api.advance(10_000);
    const first = await c.get('/sync');
    const delta = await c.get(`/sync?cursor=${first.json.cursor}`);
    expect(delta.json).toEqual({
      changes: [],
      cursor: expect.any(String),
      hasMore: false,
      view: expect.objectContaining({ key: expect.any(String) }),
    });
  });

  it('rejects a bad query with 400 and a code, and no session with 401', async () => {
    const c = api.client();
    await c.signup('sync4@example.com');
    expect((await c.get('/sync?limit=0')).status).toBe(400);
    expect((await c.get('/sync?limit=99999')).json.code).toBe('general.validation-failed');
    expect((await c.get('/sync?cursor=%27%3B--')).json.code).toBe('sync.cursor-invalid');
    expect((await api.client().get('/sync')).status).toBe(401);
  });

  it('never returns another account’s entities', async () => {
    const a = api.client();
    await a.signup('sync5@example.com');
    const b = api.client();
    await b.signup('sync6@example.com');
    await b.command('customers.create', { name: 'Beta only' });
    await a.command('customers.create', { name: 'Alpha only' });
    const names = (await a.get('/sync')).json.changes.map(
      (ch: { entity: { name: string } }) => ch.entity.name,
    );
    expect(names).toEqual(['Alpha only']);
  });
});
