import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleBackground } from '../background.ts';
import { startTestApi } from '../test-harness.ts';

/** A mail takes this long to send here, like an SMTP server's round trips. */
const MAIL_MS = 250;

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi('dynalite', { mailDelayMs: MAIL_MS });
  await api.client().signup('known@example.com');
}, 60_000);
afterAll(() => api.stop());

/** One reset request as a browser sends it, timed to its answer (not to the mail). */
async function ask(email: string) {
  const started = performance.now();
  const res = await api.app.request('/api/auth/password-reset/request', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const ms = performance.now() - started;
  return { status: res.status, body: await res.text(), ms, mailsAtAnswer: api.outbox.length };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

describe('password reset does not tell who has an account by its timing', () => {
  it('sends no mail inside the request: the answer comes first, the mail after, from the outbox', async () => {
    await settleBackground();
    const before = api.outbox.length;
    const known = await ask('known@example.com');
    expect(known.status).toBe(202);
    expect(known.mailsAtAnswer).toBe(before);
    await settleBackground();
    expect(
      api.outbox.filter((m) => m.to === 'known@example.com' && /reset-password/.test(m.text)),
    ).toHaveLength(1);
  });

  it('answers a known and an unknown address alike, in the same time', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    // Each address may be asked 5 times an hour: one ask per address, alternated.
    for (let i = 0; i < 4; i++) {
      await api.client().signup(`known${i}@example.com`);
      await settleBackground();
      const k = await ask(`known${i}@example.com`);
      const u = await ask(`nobody${i}@example.com`);
      expect(u.status).toBe(k.status);
      expect(u.body).toBe(k.body);
      known.push(k.ms);
      unknown.push(u.ms);
    }
    await settleBackground();
    // Sending the mail in the request would add MAIL_MS to every known address; the rest of the
    // work (one read and one write more for a known address) is far below it.
    expect(median(known) - median(unknown)).toBeLessThan(MAIL_MS / 2);
  });
});
