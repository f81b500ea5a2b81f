import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUCKETS, type LocalS3, s3ClientOptions, startS3 } from '../../../scripts/local/s3.ts';
import { type Client, startTestApi } from '../test-harness.ts';

let s3: LocalS3;
let s3Client: S3Client;
let dir: string;
let api: Awaited<ReturnType<typeof startTestApi>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'roundwise-attachments-'));
  s3 = await startS3(dir);
  s3Client = new S3Client(s3ClientOptions(s3.endpoint));
  api = await startTestApi('dynalite', { attachments: { s3: s3Client, bucket: BUCKETS.attachments } });
}, 60_000);
afterAll(async () => {
  await api.stop();
  s3Client.destroy();
  await s3.stop();
  await rm(dir, { recursive: true, force: true });
});

/** A 1x1 PNG. */
const PNG: Uint8Array<ArrayBuffer> = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function signup(email: string, level?: 'Core' | 'Advanced' | 'Ultimate') {
  const c = api.client();
  const me = (await c.signup(email)).json;
  if (level) expect((await c.post('/account/subscription', { level })).status).toBe(200);
  return { c, accountId: me.account.accountId as string };
}

/** The browser's three steps: a link, the PUT to the bucket, the record. */
async function upload(
  c: Client,
  file: { name: string; type: string; body: Uint8Array<ArrayBuffer> },
  related: string[] = [],
) {
  const link = await c.post('/attachments/uploads', { contentType: file.type, size: file.body.length });
  expect(link.status).toBe(201);
  const put = await fetch(link.json.url, {
    method: 'PUT',
    body: file.body as Uint8Array<ArrayBuffer>,
    headers: link.json.headers,
  });
  expect(put.status).toBe(200);
  return c.post('/attachments', {
    id: link.json.id,
    name: file.name,
    related,
    commandId: crypto.randomUUID(),
  });
}

const keysIn = async (prefix: string) =>
  (
    (await s3Client.send(new ListObjectsV2Command({ Bucket: BUCKETS.attachments, Prefix: prefix })))
      .Contents ?? []
  ).map((o) => o.Key);

describe('attachments', () => {
  it('uploads a photo under the account, lists it, opens it through a link, deletes it and its file', async () => {
    const { c, accountId } = await signup('files@example.com', 'Advanced');
    const recorded = await upload(c, { name: 'front.png', type: 'image/png', body: PNG }, ['q1']);
    expect(recorded.status).toBe(200);
    const attachment = recorded.json.result;
    expect(attachment).toMatchObject({
      name: 'front.png',
      contentType: 'image/png',
      size: PNG.length,
      key: `${accountId}/${attachment._id}`,
      related: ['q1'],
      createdBy: 'files@example.com',
    });
    // Moved out of incoming/: nothing is left for the lifecycle rule.
    expect(await keysIn(`incoming/${accountId}/`)).toEqual([]);
    expect(await keysIn(`${accountId}/`)).toEqual([attachment.key]);

    expect((await c.get('/attachments')).json.map((a: { _id: string }) => a._id)).toEqual([attachment._id]);
    expect((await c.get('/attachments?related=q1')).json).toHaveLength(1);
    expect((await c.get('/attachments?related=other')).json).toEqual([]);

    const link = await c.get(`/attachments/${attachment._id}`);
    expect(link.json.expiresIn).toBe(60);
    const file = await fetch(link.json.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);

    expect((await c.delete(`/attachments/${attachment._id}`)).status).toBe(200);
    expect((await c.get('/attachments')).json).toEqual([]);
    expect(await keysIn(`${accountId}/`)).toEqual([]);
    expect((await c.get(`/attachments/${attachment._id}`)).json.code).toBe('attachment.not-found');
  });

  it('a link stops working after 60 seconds', async () => {
    const { c } = await signup('expiry@example.com', 'Advanced');
    const attachment = (await upload(c, { name: 'a.png', type: 'image/png', body: PNG })).json.result;
    // A link signed 61 seconds ago (the process's clock set back while it is made) is refused.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 61_000);
    let old: string;
    try {
      old = (await c.get(`/attachments/${attachment._id}`)).json.url;
    } finally {
      vi.useRealTimers();
    }
    const refused = await fetch(old);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Request has expired');
    expect((await fetch((await c.get(`/attachments/${attachment._id}`)).json.url)).status).toBe(200);
  });

  it("no account can list, open or delete another's attachments", async () => {
    const { c: owner } = await signup('mine@example.com', 'Advanced');
    const { c: other, accountId: otherId } = await signup('theirs@example.com', 'Advanced');
    const attachment = (await upload(owner, { name: 'a.png', type: 'image/png', body: PNG })).json.result;
    expect((await other.get('/attachments')).json).toEqual([]);
    const open = await other.get(`/attachments/${attachment._id}`);
    expect(open.status).toBe(404);
    expect(open.json.code).toBe('attachment.not-found');
    expect((await other.delete(`/attachments/${attachment._id}`)).json.code).toBe('attachment.not-found');
    // Recording the owner's upload id from another account finds no file under that account.
    const stolen = await other.post('/attachments', {
      id: attachment._id,
      name: 'x.png',
      commandId: crypto.randomUUID(),
    });
    expect(stolen.status).toBe(400);
    expect(stolen.json.code).toBe('attachment.upload-missing');
    expect(await keysIn(`${otherId}/`)).toEqual([]);
    expect((await owner.get(`/attachments/${attachment._id}`)).status).toBe(200);
  });

  it('needs the Advanced plan (the attachments route), on the server', async () => {
    const { c } = await signup('core@example.com', 'Core');
    const link = await c.post('/attachments/uploads', { contentType: 'image/png', size: 10 });
    expect(link.status).toBe(403);
    expect(link.json).toMatchObject({ code: 'access.level-required', params: { level: 'Advanced' } });
    expect((await c.post('/attachments', { id: 'x', name: 'a', commandId: 'c1234567' })).status).toBe(403);
  });

  it('refuses a type or size outside the limits with their keys, and records nothing', async () => {
    const { c, accountId } = await signup('limits@example.com', 'Advanced');
    const html = await c.post('/attachments/uploads', { contentType: 'text/html', size: 10 });
    expect(html.status).toBe(400);
    expect(html.json.code).toBe('attachment.type-not-allowed');
    const svg = await c.post('/attachments/uploads', { contentType: 'image/svg+xml', size: 10 });
    expect(svg.json.code).toBe('attachment.type-not-allowed');
    const large = await c.post('/attachments/uploads', {
      contentType: 'image/jpeg',
      size: 10 * 1024 * 1024 + 1,
    });
    expect(large.status).toBe(400);
    expect(large.json.code).toBe('attachment.too-large');
    expect((await c.post('/attachments/uploads', { contentType: 'image/jpeg', size: 0 })).json.code).toBe(
      'attachment.empty',
    );

    // A browser that sends another type than it asked for: the stored object is checked, deleted
    // and refused (S3 refuses it at the PUT already; s3rver does not check signed headers).
    const link = await c.post('/attachments/uploads', { contentType: 'image/png', size: 5 });
    await fetch(link.json.url, { method: 'PUT', body: 'hello', headers: { 'content-type': 'text/html' } });
    const recorded = await c.post('/attachments', {
      id: link.json.id,
      name: 'x.png',
      commandId: crypto.randomUUID(),
    });
    expect(recorded.status).toBe(400);
    expect(recorded.json.code).toBe('attachment.type-not-allowed');
    await expect(
      s3Client.send(
        new HeadObjectCommand({ Bucket: BUCKETS.attachments, Key: `incoming/${accountId}/${link.json.id}` }),
      ),
    ).rejects.toMatchObject({ name: 'NotFound' });
    expect((await c.get('/attachments')).json).toEqual([]);

    // Recorded without a file: refused.
    const none = await c.post('/attachments/uploads', { contentType: 'image/png', size: 5 });
    const missing = await c.post('/attachments', {
      id: none.json.id,
      name: 'x.png',
      commandId: crypto.randomUUID(),
    });
    expect(missing.json.code).toBe('attachment.upload-missing');
  });

  it('records one upload once, however often the record is sent', async () => {
    const { c } = await signup('once@example.com', 'Advanced');
    const link = await c.post('/attachments/uploads', { contentType: 'image/png', size: PNG.length });
    await fetch(link.json.url, { method: 'PUT', body: PNG, headers: link.json.headers });
    const body = { id: link.json.id, name: 'a.png', commandId: crypto.randomUUID() };
    const first = await c.post('/attachments', body);
    const again = await c.post('/attachments', body);
    expect(first.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect((await c.get('/attachments')).json).toHaveLength(1);
  });

  describe('on quotes', () => {
    const quoteForm = (customerId: string, attachments: string[]) => ({
      customerId,
      name: 'Windows',
      items: [{ title: 'Windows', quantity: 1, unitPrice: 20, frequency: { frequencyType: 'OneOff' } }],
      date: '2026-11-20',
      expiry: '2099-12-31',
      attachments,
    });
    const page = async (path: string) => {
      const res = await api.app.request(`/api/go/q/${path}`);
      return { status: res.status, text: await res.text(), headers: res.headers };
    };

    it("the customer's page links the quote's files through short-lived links; other files are not given", async () => {
      // A new sign-up's trial is at level 3.
      const { c } = await signup('quotefiles@example.com');
      const customerId = (await c.command('customers.create', { name: 'Ann' })).json.result._id;
      const photo = (await upload(c, { name: 'roof.png', type: 'image/png', body: PNG })).json.result;
      const other = (await upload(c, { name: 'private.png', type: 'image/png', body: PNG })).json.result;
      const quote = (await c.command('quotes.create', quoteForm(customerId, [photo._id]))).json.result;
      expect(
        (await c.get(`/attachments?related=${quote._id}`)).json.map((a: { _id: string }) => a._id),
      ).toEqual([photo._id]);

      const shown = await page(`${quote.linkToken}/`);
      expect(shown.status).toBe(200);
      expect(shown.text).toContain(`href="a/${photo._id}"`);
      expect(shown.text).toContain('roof.png');
      expect(shown.text).not.toContain('private.png');
      // No signed link in the page itself: it would die while the page is open.
      expect(shown.text).not.toContain('X-Amz-Signature');

      const link = await page(`${quote.linkToken}/a/${photo._id}`);
      expect(link.status).toBe(302);
      const url = link.headers.get('location') ?? '';
      expect(url).toContain('X-Amz-Expires=60');
      const file = await fetch(url);
      expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);

      expect((await page(`${quote.linkToken}/a/${other._id}`)).status).toBe(404);
    });

    it('convert links the files to the jobs; deleting the quote before converting leaves no object behind', async () => {
      const { c, accountId } = await signup('quotefiles2@example.com');
      const customerId = (await c.command('customers.create', { name: 'Ann' })).json.result._id;
      const kept = (await upload(c, { name: 'a.png', type: 'image/png', body: PNG })).json.result;
      const converted = (await c.command('quotes.create', quoteForm(customerId, [kept._id]))).json.result;
      const { jobIds } = (await c.command('quotes.convert', { _id: converted._id })).json.result;
      expect((await c.get(`/attachments?related=${jobIds[0]}`)).json).toHaveLength(1);

      const dropped = (await upload(c, { name: 'b.png', type: 'image/png', body: PNG })).json.result;
      const quote = (await c.command('quotes.create', quoteForm(customerId, [dropped._id]))).json.result;
      expect(await keysIn(`${accountId}/`)).toHaveLength(2);
      expect((await c.command('quotes.delete', { _id: quote._id })).status).toBe(200);
      expect(await keysIn(`${accountId}/`)).toEqual([kept.key]);
      expect((await c.get('/attachments')).json.map((a: { _id: string }) => a._id)).toEqual([kept._id]);
    });

    it('attaching files to a quote needs level 3, on the server', async () => {
      const { c } = await signup('quotefiles3@example.com', 'Advanced');
      const customerId = (await c.command('customers.create', { name: 'Ann' })).json.result._id;
      const photo = (await upload(c, { name: 'a.png', type: 'image/png', body: PNG })).json.result;
      const refused = await c.command('quotes.create', quoteForm(customerId, [photo._id]));
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({ code: 'access.level-required', params: { level: 'Ultimate' } });
    });
  });
});
