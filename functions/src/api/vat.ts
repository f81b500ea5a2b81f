import { AppError, IsoDate, Vat } from '@roundwise/core';
import { HmrcStore } from '@roundwise/db';
import { Hono } from 'hono';
import { z } from 'zod';
import { readAccount } from '../commands/write-account.ts';
import type { Deps } from '../context.ts';
import { accessToken, completeAuthorization, hmrcOf, startAuthorization } from '../vat/connection.ts';
import { type Env, requireRoute, requireSession, validate } from './env.ts';
import { fraudHeaders } from './fraud-headers.ts';
import { keyedCommand } from './keyed-command.ts';

const SETUP_PAGE = '/balance/vat-returns/setup';
const vendorIp = (s: Deps) => s.hmrc?.vendorIp ?? '127.0.0.1';

async function vrnOf(s: Deps, accountId: string) {
  const settings = await readAccount(s, accountId).get<Vat.VatSettings>('vatSettings', Vat.VAT_SETTINGS_ID);
  if (!settings) throw new AppError('validation', 'vat.not-set-up');
  return settings.vrn;
}

/** HMRC's answer passed on: its own error codes as `vat.hmrc-<code>`, 5xx as unavailable. */
function hmrcFailure(status: number, body: Record<string, unknown>): never {
  if (status >= 500) throw new AppError('unavailable', 'vat.hmrc-unavailable');
  throw new AppError('validation', 'vat.hmrc-refused', { code: String(body.code ?? status) });
}

/**
 * VAT returns under Making Tax Digital (`/api/vat`, the balance's `vat-returns`, `submissions` and
 * `test-headers`; docs/vat.md): connecting to HMRC (OAuth's authorization code), the obligations,
 * a submission (the command `vat.submit-return` with the fraud prevention headers of this request),
 * HMRC's copy of a return, and HMRC's test of the headers. Every call to HMRC carries the headers
 * and waits its turn in the deployment's throttle.
 */
export const vatRoutes = new Hono<Env>()
  .use(requireSession)
  .get('/connection', requireRoute('balance'), async (c) => {
    const connection = await new HmrcStore(c.var.deps.db).connection(c.var.signed.actor.accountId);
    return c.json({
      configured: !!c.var.deps.hmrc,
      connected: !!connection,
      connectedAt: connection?.connectedAt ?? null,
    });
  })
  .post('/oauth/start', requireRoute('balance'), async (c) => {
    const { accountId, userId } = c.var.signed.actor;
    return c.json({ url: await startAuthorization(c.var.deps, accountId, userId) });
  })
  // HMRC sends the browser back here (a top-level GET, so the session cookie comes with it).
  .get(
    '/oauth/callback',
    requireRoute('balance'),
    validate(
      'query',
      z.object({
        code: z.string().max(500).optional(),
        state: z.string().max(200),
        error: z.string().max(100).optional(),
      }),
    ),
    async (c) => {
      const { code, state, error } = c.req.valid('query');
      if (error || !code) return c.redirect(`${SETUP_PAGE}?hmrc=refused`);
      try {
        await completeAuthorization(c.var.deps, c.var.signed.actor, code, state);
      } catch (e) {
        if (e instanceof AppError && e.kind === 'validation') return c.redirect(`${SETUP_PAGE}?hmrc=invalid`);
        throw e;
      }
      return c.redirect(`${SETUP_PAGE}?hmrc=connected`);
    },
  )
  .delete('/connection', requireRoute('balance'), async (c) => {
    await new HmrcStore(c.var.deps.db).deleteConnection(c.var.signed.actor.accountId);
    return c.json({ success: true });
  })
  .get(
    '/obligations',
    requireRoute('balance'),
    validate('query', z.object({ from: IsoDate, to: IsoDate, status: z.enum(['O', 'F']).optional() })),
    async (c) => {
      const s = c.var.deps;
      const { accountId } = c.var.signed.actor;
      const vrn = await vrnOf(s, accountId);
      const token = await accessToken(s, accountId);
      const answer = await hmrcOf(s).obligations(
        token,
        vrn,
        c.req.valid('query'),
        fraudHeaders(c, vendorIp(s)),
      );
      if (answer.status === 404) return c.json({ obligations: [] });
      if (answer.status !== 200) hmrcFailure(answer.status, answer.body);
      return c.json({ obligations: (answer.body.obligations ?? []) as Vat.Obligation[] });
    },
  )
  .post(
    '/returns',
    requireRoute('balance'),
    validate(
      'json',
      z.object({
        periodKey: z.string().max(10),
        start: z.string().max(10),
        end: z.string().max(10),
        boxes: z.record(z.string(), z.number()),
        finalised: z.boolean(),
      }),
    ),
    async (c) => {
      const s = c.var.deps;
      hmrcOf(s); // no HMRC configured: refused before anything is recorded
      const result = await keyedCommand(c, Vat.submitReturn.name, {
        ...c.req.valid('json'),
        fraudHeaders: fraudHeaders(c, vendorIp(s)),
      });
      return c.json(result, 202);
    },
  )
  .get('/returns/:periodKey', requireRoute('balance'), async (c) => {
    const s = c.var.deps;
    const { accountId } = c.var.signed.actor;
    const periodKey = Vat.PeriodKey.parse(c.req.param('periodKey'));
    const vrn = await vrnOf(s, accountId);
    const token = await accessToken(s, accountId);
    const answer = await hmrcOf(s).getReturn(token, vrn, periodKey, fraudHeaders(c, vendorIp(s)));
    if (answer.status !== 200) hmrcFailure(answer.status, answer.body);
    return c.json(answer.body);
  })
  // HMRC's Test Fraud Prevention Headers API, with exactly the headers a real call would carry.
  .post('/test-headers', requireRoute('balance'), async (c) => {
    const s = c.var.deps;
    const { accountId } = c.var.signed.actor;
    const token = await accessToken(s, accountId);
    const answer = await hmrcOf(s).testHeaders(token, fraudHeaders(c, vendorIp(s)));
    if (answer.status !== 200) hmrcFailure(answer.status, answer.body);
    return c.json(answer.body as unknown as Vat.HeaderValidation);
  });
