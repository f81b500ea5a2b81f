import { isAppError, statusOf } from '@roundwise/core';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { accountRoutes } from './api/account.ts';
import { attachmentRoutes } from './api/attachments.ts';
import { auditRoutes } from './api/audit.ts';
import { authRoutes } from './api/auth.ts';
import { backupsRoutes } from './api/backups.ts';
import { commandRoutes } from './api/commands.ts';
import { creditRoutes, environmentSettingRoutes } from './api/credits.ts';
import { devRoutes } from './api/dev.ts';
import type { Env } from './api/env.ts';
import { meRoutes } from './api/me.ts';
import {
  emailContentRoutes,
  notificationRoutes,
  notificationStatusRoutes,
  publicMessageRoutes,
} from './api/notifications.ts';
import { publicAccountRoutes, publicSignUpRoutes } from './api/payment-pages.ts';
import { paymentProviderRoutes } from './api/payment-providers.ts';
import { peopleRoutes } from './api/people.ts';
import { photoRoutes } from './api/photos.ts';
import { placesRoutes } from './api/places.ts';
import { publicQuoteRoutes } from './api/quotes.ts';
import { limitBody, requireOwnOrigin } from './api/request-guards.ts';
import { sendRoutes, unsubscribeRoutes } from './api/send.ts';
import { syncRoutes } from './api/sync.ts';
import { templateImageRoutes } from './api/template-images.ts';
import { usersRoutes } from './api/users.ts';
import { createDeps, type Deps } from './context.ts';
import type { AppDeps } from './deps.ts';
import './effects/index.ts';
import { API_SECURITY_HEADERS } from './security-headers.ts';

/**
 * The whole HTTP API, the same in Lambda and in the local runtime. `deps`: the ones the
 * runtime's other parts share (its queue worker), built from `appDeps` when not given.
 */
export function createApp(appDeps: AppDeps, deps: Deps = createDeps(appDeps)) {
  const app = new Hono<Env>().basePath('/api');
  app.use(async (c, next) => {
    const started = performance.now();
    c.set('deps', deps);
    await next();
    // Set on the response's own headers: `c.header()` on a finished response rebuilds it as a web
    // Response with a stream body, which cost every answer measurably (docs/benchmarks.md).
    const headers = c.res.headers;
    headers.set('cache-control', 'no-store');
    // A page of its own (the dev mail sink) brings its own policy; everything else is JSON.
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
      if (name !== 'content-security-policy' || !headers.has(name)) headers.set(name, value);
    }
    // Server time of each answer, for the benchmarks and the browser's network panel.
    headers.set('server-timing', `app;dur=${(performance.now() - started).toFixed(1)}`);
  });
  // Before any route reads a body: another site's page is refused, a large body is never read.
  app.use(requireOwnOrigin, limitBody);
  app.get('/health', async (c) => {
    const checks: [string, () => Promise<{ ok: boolean; detail?: string }>][] = [
      ['table', async () => ({ ok: (await deps.auth.getAccount('health-probe')) === undefined })],
      ...Object.entries(appDeps.health ?? {}),
    ];
    const results = await Promise.all(
      checks.map(
        async ([name, check]) =>
          [name, await check().catch((e: Error) => ({ ok: false, detail: e.message }))] as const,
      ),
    );
    const ok = results.every(([, r]) => r.ok);
    return c.json({ ok, components: Object.fromEntries(results) }, ok ? 200 : 503);
  });
  app.route('/auth', authRoutes(appDeps.secureCookies));
  app.route('/me', meRoutes);
  app.route('/users', usersRoutes);
  app.route('/people', peopleRoutes);
  app.route('/account', accountRoutes);
  app.route('/commands', commandRoutes);
  app.route('/sync', syncRoutes);
  app.route('/audit', auditRoutes);
  app.route('/backups', backupsRoutes);
  app.route('/attachments', attachmentRoutes);
  app.route('/notifications', notificationRoutes);
  app.route('/notification_status_for_transaction', notificationStatusRoutes);
  app.route('/email-engine', emailContentRoutes);
  app.route('/customer', creditRoutes);
  app.route('/environment-settings', environmentSettingRoutes);
  app.route('/payments', paymentProviderRoutes);
  app.route('/photos', photoRoutes);
  app.route('/places', placesRoutes);
  app.route('/send', sendRoutes);
  app.route('/go/q', publicQuoteRoutes);
  app.route('/go/p', publicSignUpRoutes);
  app.route('/go/a', publicAccountRoutes);
  app.route('/go/img', templateImageRoutes);
  app.route('/go/u', unsubscribeRoutes);
  app.route('/go', publicMessageRoutes);
  if (appDeps.mailDir) app.route('/dev', devRoutes(appDeps.mailDir, appDeps.devSinks));

  app.notFound((c) => c.json({ code: 'general.not-found', params: {} }, 404));
  app.onError((error, c) => {
    if (isAppError(error)) {
      const status = statusOf(error);
      if (status === 429 && typeof error.params.retryAfterSeconds === 'number') {
        c.header('retry-after', String(error.params.retryAfterSeconds));
      }
      return c.json({ code: error.code, params: error.params }, status as ContentfulStatusCode);
    }
    if (error instanceof HTTPException && error.status < 500) {
      // Malformed JSON and the like: the body could not even be read.
      return c.json({ code: 'general.validation-failed', params: { issues: [error.message] } }, 400);
    }
    console.error('Unhandled error', c.req.method, c.req.path, error);
    return c.json({ code: 'general.server-error', params: {} }, 500);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
