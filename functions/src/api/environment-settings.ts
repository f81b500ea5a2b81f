import { Credits } from '@roundwise/core';
import { Hono } from 'hono';
import { type Env, requireSession } from './env.ts';

/** `GET /api/environment-settings/inboundEmailCreditsCharge` (spec 002 section 7). */
export const environmentSettingsRoutes = new Hono<Env>()
  .use(requireSession)
  .get('/inboundEmailCreditsCharge', (c) =>
    c.json({ inboundEmailCreditsCharge: Credits.INBOUND_EMAIL_CREDITS_CHARGE }),
  )
  // Spec 002 section 2.12: where the remote-support script loads from (null: not offered).
  .get('/remoteSupport', (c) => c.json({ scriptUrl: c.var.deps.remoteSupportScriptUrl ?? null }));
