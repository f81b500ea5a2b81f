import { PortalCounters } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startTestApi } from '../test-harness.ts';

/**
 * The public portal page (`/portal/{handle}`, the API's `/api/portal/{handle}/page`) and the
 * widgets' event beacon: the page is written on the server with the business's details and the
 * published layout; an unpublished or unknown portal answers a clear page; views and events are
 * counted by hour, with no cookie set or read.
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

const key = () => ({ 'idempotency-key': crypto.randomUUID() });

async function portal(email: string, handle: string, extra: Record<string, unknown> = {}) {
  const c = api.client();
  expect((await c.signup(email)).status).toBe(201);
  const saved = await c.call(
    'PUT',
    `/directory/secure/${encodeURIComponent(email)}`,
    {
      setupComplete: true,
      portalEnabled: 'y',
      isPublic: 'y',
      uniqueUrl: handle,
      businessName: 'Clear View <Windows>',
      summary: 'Windows & gutters',
      telephone: '01632 960001',
      config: { themeName: 'default', themeOptions: { primary: '#0e7490' } },
      ...extra,
    },
    key(),
  );
  expect(saved.status).toBe(200);
  return { c, accountId: saved.json.directory._id as string };
}

async function publish(c: Client, layout: unknown[]) {
  const saved = await c.command('portal.save-layout', { name: 'Layout 1', layout });
  expect(saved.status).toBe(200);
  expect((await c.command('portal.publish-layout', { layoutId: saved.json.result._id })).status).toBe(200);
}

const page = async (path: string) => {
  const res = await api.app.request(`/api/portal/${path}`);
  return { status: res.status, html: await res.text(), headers: res.headers };
};

const counts = async (accountId: string) => {
  const hours = await new PortalCounters(api.db).hours(
    accountId,
    new Date(Date.now() - 3_600_000),
    api.now(),
  );
  return Object.assign({}, ...hours.map((h) => h.counts)) as Record<string, number>;
};

describe('the public portal page', () => {
  it("is the business's details and its published layout, in the HTML the server sends", async () => {
    const { c, accountId } = await portal('page-owner@example.com', 'page-shop');
    await publish(c, [
      { i: 'welcome-card', x: 0, y: 0, w: 4, h: 3 },
      { i: 'upcoming-appointments', x: 0, y: 3, w: 2, h: 5 },
      { i: 'spacer1', x: 2, y: 3, w: 2, h: 1 },
    ]);
    const res = await page('page-shop/page');
    expect(res.status).toBe(200);
    // Escaped, readable without a script.
    expect(res.html).toContain('<h1>Clear View &lt;Windows&gt;</h1>');
    expect(res.html).toContain('<p>Windows &amp; gutters</p>');
    expect(res.html).toContain('<title>Clear View &lt;Windows&gt;</title>');
    // The cells at their size, a signed-in widget hidden until a customer signs in. No welcome
    // card under the header that says the same; the rows it held closed up.
    expect(res.html).toContain('<template shadowrootmode="open">');
    expect(res.html).not.toContain('data-widget="welcome-card"');
    expect(res.html).toMatch(/data-widget="upcoming-appointments" style="--x:1;--y:1;[^"]*;display:none"/);
    expect(res.html).toMatch(/data-widget="spacer" data-spacer/);
    // The theme, the data for the script (no `<` in it to close its element), the script.
    expect(res.html).toContain('--rw-primary:#0e7490');
    const data = /<script type="application\/json" id="roundwise-portal-data">(.*?)<\/script>/s.exec(
      res.html,
    );
    expect(data?.[1]).not.toContain('<');
    expect(JSON.parse(data?.[1] ?? '{}')).toMatchObject({
      handle: 'page-shop',
      businessName: 'Clear View <Windows>',
    });
    expect(res.html).toContain('<script async src="/widgets.js" data-portal="page-shop"></script>');
    // Its own policy: its own scripts only; framed by no one, save as the iframe embed.
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const embed = await page('page-shop/page?embed=1');
    expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(embed.html).not.toContain('<h1>');
    expect(embed.html).toMatch(
      /data-widget="welcome-card" style="--x:1;--y:1;--w:4;--h:3;--r:182px;--rn:252px"/,
    );
    expect(await counts(accountId)).toEqual({ 'page-view': 2 });
  });

  it('answers a clear page, and counts nothing, for an unpublished or unknown portal', async () => {
    const { accountId } = await portal('closed-owner@example.com', 'closed-shop', { portalEnabled: 'n' });
    const closed = await page('closed-shop/page');
    expect(closed.status).toBe(404);
    expect(closed.html).toContain('Clear View &lt;Windows&gt; has not opened its customer portal yet.');
    const unknown = await page('no-such-shop/page');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('There is no customer portal at this address.');
    expect(await counts(accountId)).toEqual({});
  });
});

describe('counting by hour', () => {
  it("counts the widgets' events without a cookie, and refuses anything else", async () => {
    const { accountId } = await portal('count-owner@example.com', 'count-shop');
    const beacon = (body: string, handle = 'count-shop') =>
      api.app.request(`/api/portal/${handle}/events`, {
        method: 'POST',
        // What sendBeacon sends from the business's site: text, another origin.
        headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://windows.example' },
        body,
      });
    for (let i = 0; i < 3; i++) {
      const res = await beacon(JSON.stringify({ event: 'view', widget: 'welcome-card' }));
      expect(res.status).toBe(204);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(res.headers.get('access-control-allow-origin')).toBe('https://windows.example');
    }
    expect((await beacon(JSON.stringify({ event: 'quote-requested', widget: 'quote-flow' }))).status).toBe(
      204,
    );
    for (const bad of [
      JSON.stringify({ event: 'anything' }),
      JSON.stringify({ event: 'view', widget: 'not-a-widget' }),
      'not json',
      JSON.stringify({ event: 'view', widget: 'x'.repeat(600) }),
    ]) {
      expect((await beacon(bad)).status).toBe(400);
    }
    expect((await beacon(JSON.stringify({ event: 'view' }), 'no-such-shop')).status).toBe(404);
    expect(await counts(accountId)).toEqual({ 'view:welcome-card': 3, 'quote-requested': 1 });
    // One item per hour, whatever the number of views.
    const hours = await new PortalCounters(api.db).hours(accountId, new Date(0), api.now());
    expect(hours).toHaveLength(1);
  });
});
