import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../test-harness.ts';

/**
 * Templates through the API on the local table (dynalite): the largest template the commands
 * allow, with its revisions, is stored (one table item stays under DynamoDB's 400 KB); the photo
 * search is the send module's; the library image address is not a way into other files.
 */
let api: Awaited<ReturnType<typeof startTestApi>>;

beforeAll(async () => {
  api = await startTestApi('dynalite');
}, 60_000);
afterAll(async () => {
  await api.stop();
});

async function owner(email: string, flags: string[]) {
  const c = api.client();
  const me = (await c.signup(email)).json;
  expect((await c.patch('/account', { flags })).status).toBe(200);
  return { c, accountId: me.account.accountId as string };
}

describe('templates on the table', () => {
  it('stores a template at the size limits, its revisions cut to fit one item', async () => {
    const { c } = await owner('big-templates@example.com', ['send']);
    const created = await c.command('templates.create', { name: 'Big', subject: 'Big', starter: 'Basic' });
    expect(created.status).toBe(200);
    const _id = created.json.result._id;
    // Nearly 100 KB of blocks, the most a save takes.
    const blocks = Array.from({ length: 10 }, (_, i) => ({
      id: `b${i}`,
      type: 'text',
      text: `${'a'.repeat(9000)} & b`,
    }));
    let saved = created;
    for (let i = 0; i < 4; i++) {
      saved = await c.command('templates.save-blocks', { _id, blocks, theme: {} });
      expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    }
    expect(saved.json.result.revisions.length).toBeGreaterThanOrEqual(1);
    const sync = await c.get('/sync?cursor=');
    const stored = sync.json.changes.find((x: { type: string }) => x.type === 'template')?.entity;
    expect(stored.revisions).toHaveLength(saved.json.result.revisions.length);
    expect(stored.html).toContain('a &amp; b');
    // Text whose HTML grows fivefold (& is &amp;) would not fit: refused, the template as it was.
    const escaped = blocks.map((b) => ({ ...b, text: '&'.repeat(9400) }));
    const refused = await c.command('templates.save-blocks', { _id, blocks: escaped, theme: {} });
    expect([refused.status, refused.json.code]).toEqual([400, 'templates.too-large']);
    const after = (await c.get('/sync?cursor=')).json.changes.find(
      (x: { type: string }) => x.type === 'template',
    );
    expect(after.entity._version).toBe(stored._version);
  });

  it('refuses the photo search without the send module', async () => {
    const { c } = await owner('no-send@example.com', []);
    expect((await c.get('/photos/search?query=sea')).status).toBe(403);
    const { c: sender } = await owner('sender@example.com', ['send']);
    const found = await sender.get('/photos/search?query=sea');
    expect(found.status).toBe(200);
    expect(found.json.photos.map((p: { id: string }) => p.id)).toEqual(['sea']);
  });

  it('answers 404 for a library image that is not there, without a session', async () => {
    const { accountId } = await owner('images@example.com', ['send']);
    const res = await api.client().get(`/go/img/${accountId}/01JNOTANATTACHMENT00000000`);
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('attachment.not-found');
  });
});
