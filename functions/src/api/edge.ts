import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { Env } from './env.ts';

/**
 * What the edge (CloudFront, stacks/web.ts) tells the API about a request, and when to believe it.
 *
 * CloudFront adds `EDGE_SECRET_HEADER` with the stage's secret to every request it sends to the API
 * (an origin custom header), and its `/api/*` viewer-request function sets the viewer headers from
 * what CloudFront itself saw, replacing any a client sent. The API's own address (API Gateway's
 * execute-api) can also be called directly, with any headers; such a request does not carry the
 * secret, so its viewer headers are ignored and API Gateway's own record of the caller is used.
 * Locally nothing is trusted: no per-address limits (docs/security.md, "Trusted proxy header").
 */
export const EDGE_SECRET_HEADER = 'x-roundwise-edge';
export const VIEWER_ADDRESS_HEADER = 'x-roundwise-viewer-address';
export const VIEWER_HOST_HEADER = 'x-roundwise-viewer-host';

/** True when the request came through CloudFront (it carries the edge secret). */
function fromEdge(c: Context<Env>): boolean {
  const secret = c.var.deps.edgeSecret;
  const given = c.req.header(EDGE_SECRET_HEADER);
  if (!secret || !given) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(secret)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** API Gateway's `requestContext.http.sourceIp` (HTTP API events), when running on Lambda. */
const sourceIp = (c: Context<Env>) =>
  (c.env as { requestContext?: { http?: { sourceIp?: string } } } | undefined)?.requestContext?.http
    ?.sourceIp || undefined;

/**
 * The client's address for per-address rate limits: as CloudFront saw it, or as API Gateway saw a
 * direct caller; never a header a client can set. Undefined locally (no per-address limits).
 */
export const clientAddress = (c: Context<Env>): string | undefined =>
  fromEdge(c) ? c.req.header(VIEWER_ADDRESS_HEADER) || undefined : sourceIp(c);

/**
 * The origin the browser addressed: the host the viewer asked CloudFront for, or this request's
 * own (its Host header, locally and on a direct call).
 */
export const requestOrigin = (c: Context<Env>): string => {
  const host = fromEdge(c) ? c.req.header(VIEWER_HOST_HEADER) : undefined;
  return host ? `https://${host}` : new URL(c.req.url).origin;
};
