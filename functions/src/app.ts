import { isAppError, statusOf } from '@roundwise/core';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { accountRoutes } from './api/account.ts';
import { attachmentRoutes } from './api/attachments.ts';
import { auditRoutes } from './api/audit.ts';
import { authRoutes } from './api/auth.ts';
import { backupsRoutes } from './api/backups.ts';
import { bankingDataRoutes } from './api/banking-data.ts';
import { commandRoutes } from './api/commands.ts';
import { customerRoutes } from './api/customer.ts';
import { devRoutes } from './api/dev.ts';
import { directoryRoutes } from './api/directory.ts';
import { emailEngineRoutes } from './api/email-engine.ts';
import type { Env } from './api/env.ts';
import { environmentSettingsRoutes } from './api/environment-settings.ts';
import { goRoutes } from './api/go.ts';
import { insightsRoutes } from './api/insights.ts';
import { meRoutes } from './api/me.ts';
import { notificationStatusForTransactionRoutes } from './api/notification-status-for-transaction.ts';
import { notificationRoutes } from './api/notifications.ts';
import { paymentsRoutes } from './api/payments.ts';
import { peopleRoutes } from './api/people.ts';
import { photoRoutes } from './api/photos.ts';
import { placesRoutes } from './api/places.ts';
import { portalRoutes } from './api/portal.ts';
import { limitBody, requireOwnOrigin } from './api/request-guards.ts';
import { sendRoutes } from './api/send.ts';
import { syncRoutes } from './api/sync.ts';
import { trainingRoutes } from './api/training.ts';
import { usersRoutes } from './api/users.ts';
import { vatRoutes } from './api/vat.ts';
import type { Deps } from './context.ts';
import { createDeps } from './create-deps.ts';
import type { AppDeps } from './deps.ts';
import { errorFields, log } from './log.ts';
import { OUTBOX_AGE_ALARM_SECONDS } from './metrics.ts';
import { API_SECURITY_HEADERS } from './security-headers.ts';
import { startTrace, traceIdOf, withTrace } from './trace.ts';

/** API Gateway's id of the request, when the app runs in Lambda (`hono/aws-lambda`'s env). */
const gatewayRequestId = (env: unknown) =>
  (env as { requestContext?: { requestId?: unknown } } | undefined)?.requestContext?.requestId;

/** A command's name as the route gives it, when it looks like one (it is the caller's text). */
const commandName = (name: string | undefined) =>
  name && /^[a-z][\w.-]{0,99}$/i.test(name) ? name : undefined;

/**
 * The whole HTTP API, the same in Lambda and in the local runtime. `deps`: the ones the
 * runtime's other parts share (its queue worker), built from `appDeps` when not given.
 */
export function createApp(appDeps: AppDeps, deps: Deps = createDeps(appDeps)) {
  const app = new Hono<Env>().basePath('/api');
  app.use(async (c, next) => {
    const started = performance.now();
    c.set('deps', deps);
    const id = gatewayRequestId(c.env);
    const trace = startTrace(typeof id === 'string' ? id : undefined);
    await withTrace(trace, next);
    // One line per request: who (the account, never the person), what, how it ended, how long.
    const route = c.req.routePath;
    log({
      type: 'request',
      requestId: trace.requestId,
      traceId: traceIdOf(trace.traceHeader),
      accountId: c.var.signed?.actor.accountId,
      method: c.req.method,
      route,
      command: route.endsWith('/commands/:name') ? commandName(c.req.param('name')) : undefined,
      status: c.res.status,
      durationMs: Math.round(performance.now() - started),
      ...(c.error && c.res.status >= 500 ? errorFields(c.error) : {}),
    });
    // Set on the response's own headers: `c.header()` on a finished response rebuilds it as a web
    // Response with a stream body, which cost every answer measurably (docs/benchmarks.md).
    const headers = c.res.headers;
    // Nothing is cached but what its route says is public (a portal's published ratings, pictures).
    if (!headers.get('cache-control')?.startsWith('public')) headers.set('cache-control', 'no-store');
    // A page of its own (the dev mail sink) brings its own policy; everything else is JSON. A page
    // whose policy lets other sites frame it (a portal widget's frame) is not refused a frame.
    const own = headers.get('content-security-policy');
    const framable = own !== null && /frame-ancestors (?!'none')/.test(own);
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
      if (name === 'content-security-policy' && own !== null) continue;
      if (name === 'x-frame-options' && framable) continue;
      headers.set(name, value);
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
    if (!appDeps.deadLetters) return c.json({ ok, components: Object.fromEntries(results) }, ok ? 200 : 503);
    // Local runtime only (on AWS the alarms watch these, and the health answer is public): what
    // the outbox-age and dead-letters alarms would say, named as the runbook names them. Work
    // waiting is not a component down: it leaves the status alone.
    const oldest = await deps.outbox.oldestPending(deps.now()).catch(() => undefined);
    const deadLetters = await appDeps.deadLetters().catch(() => undefined);
    const backlog = {
      outbox: { oldestId: oldest?.id ?? null, oldestSeconds: Math.round((oldest?.waitingMs ?? 0) / 1000) },
      deadLetters: { count: deadLetters ?? null },
    };
    const alarms = [
      ...(backlog.outbox.oldestSeconds >= OUTBOX_AGE_ALARM_SECONDS ? ['outbox-age'] : []),
      ...(deadLetters ? ['dead-letters'] : []),
    ];
    return c.json({ ok, components: Object.fromEntries(results), backlog, alarms }, ok ? 200 : 503);
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
    // Logged with its request's line (above), masked.
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
    .route('/insights', insightsRoutes)
    .route('/training', trainingRoutes)
    .route('/go', goRoutes)
    .route('/portal', portalRoutes)
    .route('/directory', directoryRoutes)
    .route('/vat', vatRoutes)
    .route('/banking-data', bankingDataRoutes);

/** The API as its clients see it: every route's path, input and answer (mounted at `/api`). */
export type AppType = ReturnType<typeof apiRoutes>;
