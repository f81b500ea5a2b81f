import { Portal } from '@roundwise/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startTestApi } from '../test-harness.ts';

/**
 * The rules the staff's directory screens lean on (spec 002 sections 2.5 and 5): the URL handle
 * checked as it is typed, unique across accounts; portal images public web addresses; prepay
 * options only with a card provider; a custom theme kept with the entry and drawn by the page.
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
  businessName: 'Shine Bright',
  summary: 'Windows, gutters and conservatories',
  ...extra,
});
const save = (c: Client, email: string, body: unknown) =>
  c.call('PUT', `/directory/secure/${encodeURIComponent(email)}`, body, {
    'idempotency-key': crypto.randomUUID(),
  });
const check = async (c: Client, handle: string) =>
  (await c.get(`/directory/handle/${encodeURIComponent(handle)}`)).json;

async function owner(email: string) {
  const c = api.client();
  expect((await c.signup(email)).status).toBe(201);
  return c;
}

describe('the URL handle, checked as typed', () => {
  it("answers free, invalid, another business's, or already ours", async () => {
    const a = await owner('handle-a@example.com');
    const b = await owner('handle-b@example.com');
    expect(await check(a, 'shine-bright')).toEqual({ available: true });
    expect(await check(a, 'Sh')).toEqual({ available: false, code: 'portal.handle-invalid' });
    expect(await check(a, 'no--double')).toEqual({ available: false, code: 'portal.handle-invalid' });
    expect((await save(a, 'handle-a@example.com', entry('shine-bright'))).status).toBe(200);
    // Case and spaces are the handle's own rule: the same handle.
    expect(await check(b, ' Shine-Bright ')).toEqual({ available: false, code: 'portal.handle-taken' });
    expect(await check(a, 'shine-bright')).toEqual({ available: true });
    // Signed out: no answer at all.
    expect((await api.client().get('/directory/handle/shine-bright')).status).toBe(401);
  });
});

describe('saving from settings', () => {
  it('refuses an image that is not a public web address and prepay options without a card provider', async () => {
    const c = await owner('images@example.com');
    for (const [extra, code] of [
      [{ logo: '/api/go/img/x/y' }, 'attachment.must-be-public'],
      [{ banner: 'data:image/png;base64,AAAA' }, 'attachment.must-be-public'],
      [
        { config: { prepayOptions: [{ label: 'Five cleans', amount: 60 }] } },
        'directory.stripe-not-connected',
      ],
    ] as const) {
      const res = await save(c, 'images@example.com', entry('img-shop', extra));
      expect([res.status, res.json.code]).toEqual([400, code]);
    }
    expect((await api.client().get('/portal/img-shop')).status).toBe(404);
    const ok = await save(
      c,
      'images@example.com',
      entry('img-shop', {
        logo: 'https://img-shop.example/logo.png',
        stripePublishableKey: 'pk_test_123',
        config: { prepayOptions: [{ label: 'Five cleans', amount: 60 }] },
      }),
    );
    expect(ok.status).toBe(200);
  });

  it('keeps a custom theme with the entry and the public page draws with its colours', async () => {
    const c = await owner('themes@example.com');
    const theme = { id: 'custom-1700000000000', name: 'Harbour', theme: Portal.THEME_PRESETS[1]!.theme };
    theme.theme = { ...theme.theme, palette: { ...theme.theme.palette, primary: { main: '#be123c' } } };
    const config = {
      themeName: theme.name,
      themeOptionsId: theme.id,
      themeOptions: Portal.themeColoursOf(theme.theme),
      customThemes: [theme],
    };
    expect((await save(c, 'themes@example.com', entry('theme-shop', { config }))).status).toBe(200);
    const page = await api.app.request('/api/portal/theme-shop/page');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('--rw-primary:#be123c');
    const tooLong = { ...theme, name: 'A name far too long for it' };
    const res = await save(
      c,
      'themes@example.com',
      entry('theme-shop', { config: { customThemes: [tooLong] } }),
    );
    expect([res.status, res.json.code]).toEqual([400, 'portal.theme-name-too-long']);
  });
});
