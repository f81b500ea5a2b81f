import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startTestApi } from '../test-harness.ts';

/**
 * The business saves its portal listing and layout (spec 002 sections 3, 5, 7): Owner only, the
 * URL handle one account's, bad input refused with its key and nothing stored, a retried save
 * answered once; the public read of a published portal.
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

const entry = (handle: string, extra: Record<string, unknown> = {}) => ({
  setupComplete: true,
  portalEnabled: 'y',
  isPublic: 'y',
  uniqueUrl: handle,
  businessName: 'Clear View Windows',
  summary: 'Windows and gutters',
  config: { themeName: 'default', themeOptions: { primary: '#0e7490' } },
  ...extra,
});

const key = () => ({ 'idempotency-key': crypto.randomUUID() });
const save = (c: Client, email: string, body: unknown, headers = key()) =>
  c.call('PUT', `/directory/secure/${encodeURIComponent(email)}`, body, headers);

async function owner(email: string) {
  const c = api.client();
  expect((await c.signup(email)).status).toBe(201);
  return c;
}

describe('saving the directory entry', () => {
  it('publishes the listing at its handle, and a retried save is the same save', async () => {
    const c = await owner('dir-owner@example.com');
    const headers = key();
    const first = await save(c, 'dir-owner@example.com', entry('clear-view'), headers);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ success: true, errors: [], directory: { uniqueUrl: 'clear-view' } });
    expect(first.json.directory.config.directory).toBe('clear-view');
    const again = await save(c, 'dir-owner@example.com', entry('clear-view'), headers);
    expect(again.json.directory._version).toBe(first.json.directory._version);
    // The audit screen's route: the audit feature and developer mode.
    expect((await c.patch('/account', { flags: ['audit'] })).status).toBe(200);
    expect((await c.patch('/me', { developerMode: true })).status).toBe(200);
    const audit = await c.post('/audit/events', { query: '' });
    const saves = (audit.json.items as { action: string }[]).filter(
      (e) => e.action === 'portal.save-directory',
    );
    expect(saves).toHaveLength(1);

    const page = await api.client().call('GET', '/portal/clear-view', undefined, {
      origin: 'https://clear-view.example',
    });
    expect(page.status).toBe(200);
    // The same for every caller, so cacheable; the CORS answer names the caller, so varies by it.
    expect(page.headers.get('cache-control')).toBe('public, max-age=60');
    expect(page.headers.get('vary')).toMatch(/origin/i);
    expect(page.json).toMatchObject({ handle: 'clear-view', businessName: 'Clear View Windows', layout: [] });
    expect(page.json.settings['upcoming-appointments']).toEqual({ appointmentLimit: 5 });
  });

  it("refuses another account's handle, bad input and a non-owner, storing nothing", async () => {
    const a = await owner('dir-a@example.com');
    expect((await save(a, 'dir-a@example.com', entry('taken-one'))).status).toBe(200);
    const b = await owner('dir-b@example.com');
    const taken = await save(b, 'dir-b@example.com', entry('taken-one'));
    expect([taken.status, taken.json.code]).toEqual([409, 'portal.handle-taken']);

    for (const [body, code] of [
      [entry('UPPER CASE!'), 'portal.handle-invalid'],
      [entry('b-shop', { businessName: '  ' }), 'portal.business-name-required'],
      [
        entry('b-shop', { config: { prepayOptions: [{ label: 'Ten', amount: 10 }] } }),
        'directory.stripe-not-connected',
      ],
      [entry('b-shop', { logo: 'javascript:alert(1)' }), 'attachment.must-be-public'],
    ] as const) {
      const res = await save(b, 'dir-b@example.com', body);
      expect([res.status, res.json.code]).toEqual([400, code]);
    }
    // Nothing of b's is public, under any of the handles tried.
    expect((await api.client().get('/portal/b-shop')).status).toBe(404);
    // The address must be the signed-in owner's own.
    expect((await save(b, 'dir-a@example.com', entry('b-shop'))).status).toBe(403);
    // No idempotency key: refused before anything runs.
    const unkeyed = await save(b, 'dir-b@example.com', entry('b-shop'), {} as never);
    expect(unkeyed.json.code).toBe('general.validation-failed');

    const { member } = await api.addMember(a, 'dir-admin@example.com', ['Admin']);
    const admin = await save(member, 'dir-admin@example.com', entry('admin-shop'));
    expect([admin.status, admin.json.code]).toEqual([403, 'access.role-required']);
    expect((await api.client().get('/portal/admin-shop')).status).toBe(404);
    // The owner's own handle still stands.
    expect((await api.client().get('/portal/taken-one')).status).toBe(200);
  });

  it('lets a renamed handle go, and an unpublished portal answers as such', async () => {
    const c = await owner('dir-rename@example.com');
    expect((await save(c, 'dir-rename@example.com', entry('old-name'))).status).toBe(200);
    // Read once under the old handle: the server remembers which account it names.
    expect((await api.client().get('/portal/old-name')).json.businessName).toBe('Clear View Windows');
    expect((await save(c, 'dir-rename@example.com', entry('new-name', { isPublic: 'n' }))).status).toBe(200);
    expect((await api.client().get('/portal/old-name')).json.code).toBe('portal.not-found');
    expect((await api.client().get('/portal/new-name')).json.code).toBe('portal.unpublished');
    // The old handle is free for another business, and then names that business's portal.
    const other = await owner('dir-other@example.com');
    expect(
      (await save(other, 'dir-other@example.com', entry('old-name', { businessName: 'Other Windows' })))
        .status,
    ).toBe(200);
    expect((await api.client().get('/portal/old-name')).json.businessName).toBe('Other Windows');
  });
});

describe('layouts', () => {
  it('publishes a layout the public read shows, within the widgets and sizes of the catalogue', async () => {
    const c = await owner('layout-owner@example.com');
    expect((await save(c, 'layout-owner@example.com', entry('layout-shop'))).status).toBe(200);
    for (const [layout, code] of [
      [[{ i: 'no-such-widget', x: 0, y: 0, w: 1, h: 1 }], 'portal.widget-unknown'],
      [[{ i: 'sign-in', x: 0, y: 0, w: 1, h: 7 }], 'portal.widget-size-invalid'],
      [[{ i: 'edit-profile-button', x: 0, y: 0, w: 2, h: 1 }], 'portal.widget-size-invalid'],
      [[{ i: 'chat', x: 3, y: 0, w: 2, h: 4 }], 'portal.widget-size-invalid'],
    ] as const) {
      const res = await c.command('portal.save-layout', { name: 'Bad', layout });
      expect([res.status, res.json.code]).toEqual([400, code]);
    }
    const items = [
      { i: 'welcome-card', x: 0, y: 0, w: 4, h: 3 },
      { i: 'spacer1', x: 0, y: 3, w: 1, h: 1 },
      { i: 'sign-in', x: 0, y: 4, w: 2, h: 7 },
    ];
    const saved = await c.command('portal.save-layout', { name: 'Layout 1', layout: items });
    expect(saved.status).toBe(200);
    const id = saved.json.result._id as string;
    expect((await c.command('portal.publish-layout', { layoutId: id })).status).toBe(200);
    expect((await api.client().get('/portal/layout-shop')).json.layout).toEqual(items);
    // The published layout saved again: the public read shows the new one at once.
    const moved = [{ ...items[0]!, h: 4 }, ...items.slice(1)];
    expect((await c.command('portal.save-layout', { _id: id, name: 'Layout 1', layout: moved })).status).toBe(
      200,
    );
    expect((await api.client().get('/portal/layout-shop')).json.layout).toEqual(moved);
    const del = await c.command('portal.delete-layout', { _id: id });
    expect([del.status, del.json.code]).toEqual([400, 'portal.layout-published']);

    const settings = await c.command('portal.save-widget-settings', {
      widget: 'upcoming-appointments',
      settings: { appointmentLimit: 201 },
    });
    expect([settings.status, settings.json.code]).toEqual([400, 'portal.limit-invalid']);
    await c.command('portal.save-widget-settings', {
      widget: 'upcoming-appointments',
      settings: { appointmentLimit: 3 },
    });
    expect((await api.client().get('/portal/layout-shop')).json.settings['upcoming-appointments']).toEqual({
      appointmentLimit: 3,
    });
  });
});

describe("a framed widget's page", () => {
  it('is served for the framed widgets of a published portal, framable by any site, with its settings', async () => {
    const c = await owner('frame-owner@example.com');
    expect((await save(c, 'frame-owner@example.com', entry('frame-shop'))).status).toBe(200);
    await c.command('portal.save-widget-settings', {
      widget: 'upcoming-appointments',
      settings: { appointmentLimit: 3 },
    });
    const res = await api.app.request('/api/portal/frame-shop/frame/upcoming-appointments');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors *');
    const html = await res.text();
    expect(html).toContain('data-widget="upcoming-appointments"');
    expect(html).toContain('data-settings="{&#34;appointmentLimit&#34;:3}"');
    expect(html).toContain('src="/widgets-frame.js"');

    // A public widget has no frame, nor does an unknown one or an unpublished portal's.
    for (const path of ['frame-shop/frame/sign-in', 'frame-shop/frame/nope', 'no-such-shop/frame/chat']) {
      const missing = await api.app.request(`/api/portal/${path}`);
      expect(missing.status, path).toBe(404);
    }
    // The JSON API is still never framed.
    expect((await api.app.request('/api/portal/frame-shop')).headers.get('x-frame-options')).toBe('DENY');
  });
});
