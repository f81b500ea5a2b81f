import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../../test-harness.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

async function business(email: string, customer: Record<string, unknown>) {
  const c = api.client();
  await c.signup(email);
  const id = (await c.command('customers.create', customer)).json.result._id as string;
  const links = await c.post(`/payments/links/${id}`, {});
  expect(links.status).toBe(200);
  return { c, id, links: links.json as { signUp: string; account: string; card: string } };
}

const open = async (url: string) => {
  const u = new URL(url);
  const res = await api.app.request(`/api${u.pathname}${u.search}`);
  return { status: res.status, text: await res.text() };
};

describe("a customer's payment links are server tokens (docs/public-links.md)", () => {
  it('another business with the same customer id gets links of its own and cannot open theirs', async () => {
    const b = await business('paylinks-b@example.com', { name: 'Bea Original' });
    // A copies B's customer id (it is in every link B sends) before B's links are asked for again.
    const a = await business('paylinks-a@example.com', { _id: b.id, name: 'Copy Cat' });
    expect(a.id).toBe(b.id);

    // Each link opens its own business's customer; asked again, B's links are the same.
    expect((await open(b.links.account)).text).toContain('Bea Original');
    expect((await open(a.links.account)).text).toContain('Copy Cat');
    expect((await b.c.post(`/payments/links/${b.id}`, {})).json).toEqual(b.links);
    // The token is the whole link: no account or customer id in it.
    const token = (url: string) => new URL(url).pathname.split('/').filter(Boolean).at(-1);
    expect(token(a.links.account)).not.toBe(token(b.links.account));
    expect(a.links.account).not.toContain(b.id);

    // The customer's id where the token goes, or a made-up token, is an unknown link.
    const byId = new URL(b.links.account);
    byId.pathname = byId.pathname.replace(token(b.links.account) ?? '', b.id);
    expect((await open(byId.toString())).status).toBe(404);
    const madeUp = new URL(b.links.account);
    madeUp.pathname = madeUp.pathname.replace(token(b.links.account) ?? '', 'A'.repeat(22));
    expect((await open(madeUp.toString())).status).toBe(404);
  });
});
