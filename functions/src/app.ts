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
import { customerRoutes } from './api/customer.ts';
import { devRoutes } from './api/dev.ts';
import { emailEngineRoutes } from './api/email-engine.ts';
import type { Env } from './api/env.ts';
import { environmentSettingsRoutes } from './api/environment-settings.ts';
import { goRoutes } from './api/go.ts';
import { meRoutes } from './api/me.ts';
import { notificationStatusForTransactionRoutes } from './api/notification-status-for-transaction.ts';
import { notificationRoutes } from './api/notifications.ts';
import { paymentsRoutes } from './api/payments.ts';
import { peopleRoutes } from './api/people.ts';
import { photoRoutes } from './api/photos.ts';
import { placesRoutes } from './api/places.ts';
import { limitBody, requireOwnOrigin } from './api/request-guards.ts';
import { sendRoutes } from './api/send.ts';
import { syncRoutes } from './api/sync.ts';
import { trainingRoutes } from './api/training.ts';
import { usersRoutes } from './api/users.ts';
import type { Deps } from './context.ts';
import { createDeps } from './create-deps.ts';
import type { AppDeps } from './deps.ts';
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
  app.route('/', apiRoutes(appDeps.secureCookies));
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

/**
 * The API's sub-apps, each mounted under its file's name (`api/<path>.ts`), chained so that their
 * routes, inputs and answers make one type, `AppType`, which the web's client calls through
 * (`web/src/lib/http.ts`): a path renamed or an answer changed here fails to compile there.
 * A new area's API is one line here. (docs/server.md)
 */
const apiRoutes = (secureCookies: boolean) =>
  new Hono<Env>()
    .route('/auth', authRoutes(secureCookies))
    .route('/me', meRoutes)
    .route('/users', usersRoutes)
    .route('/people', peopleRoutes)
    .route('/account', accountRoutes)
    .route('/commands', commandRoutes)
    .route('/sync', syncRoutes)
    .route('/audit', auditRoutes)
    .route('/backups', backupsRoutes)
    .route('/attachments', attachmentRoutes)
    .route('/notifications', notificationRoutes)
    .route('/notification_status_for_transaction', notificationStatusForTransactionRoutes)
    .route('/email-engine', emailEngineRoutes)
    .route('/customer', customerRoutes)
    .route('/environment-settings', environmentSettingsRoutes)
    .route('/payments', paymentsRoutes)
    .route('/photos', photoRoutes)
    .route('/places', placesRoutes)
    .route('/send', sendRoutes)
    .route('/training', trainingRoutes)
    .route('/go', goRoutes);

/** The API as its clients see it: every route's path, input and answer (mounted at `/api`). */
export type AppType = ReturnType<typeof apiRoutes>;
