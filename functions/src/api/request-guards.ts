import { AppError } from '@roundwise/core';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { requestOrigin } from './edge.ts';
import type { Env } from './env.ts';

/** The largest request body the API reads: its bodies are small JSON commands and forms. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** The refusal of a larger body, the same from the app and from the local server's socket layer. */
export const bodyTooLarge = { code: 'general.body-too-large', params: { maxBytes: MAX_BODY_BYTES } };

const SAFE_METHODS = /^(GET|HEAD|OPTIONS)$/;
const PORTAL_PATH = '/api/portal/';

/** Counts a streamed body as it is read, refusing once it passes the limit. */
const limitStream = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json(bodyTooLarge, 413) });

/**
 * Refuses a body over the limit before it is read: at once when its declared length is too large,
 * and as soon as a streamed body (no declared length) passes the limit. Before any route, so an
 * unauthenticated caller cannot make the server read a large body. The declared length is read
 * from the headers rather than through hono's bodyLimit: touching the request's body would build
 * the web Request the local server avoids (app.ts, raw-body.ts).
 */
export const limitBody = createMiddleware<Env>(async (c, next) => {
  if (SAFE_METHODS.test(c.req.method)) return next();
  const declared = c.req.header('content-length');
  if (declared === undefined || c.req.header('transfer-encoding')) return limitStream(c, next);
  if (Number(declared) > MAX_BODY_BYTES) return c.json(bodyTooLarge, 413);
  return next();
});

/**
 * A state-changing request sent by a page of another origin is refused (403
 * `general.origin-refused`), whatever its content type: browsers send `Origin` with every such
 * request, so a foreign or `null` one is another site's page. Requests without `Origin` come from
 * outside a browser (scripts, tests), which a cookie-stealing page cannot use. Allowed: the public
 * address and the address the browser used for this request.
 */
export const requireOwnOrigin = createMiddleware<Env>(async (c, next) => {
  const origin = c.req.header('origin');
  // The customer portal is called from the business's own site; it keeps its own rule (api/portal.ts).
  if (!SAFE_METHODS.test(c.req.method) && origin !== undefined && !c.req.path.startsWith(PORTAL_PATH)) {
    const allowed = [new URL(c.var.deps.publicUrl).origin, requestOrigin(c)];
    if (!allowed.includes(origin)) throw new AppError('forbidden', 'general.origin-refused');
  }
  await next();
});
