/**
 * The customer's quote page lives at `/go/q/{id}/` on the site (spec 000 section 2.10) and is
 * served by the API as `/api/go/q/{id}/`: CloudFront rewrites the path (stacks/web.ts), the local
 * runtime with `publicPageRequest`. Relative form actions and redirects keep the site's path.
 */
export const PUBLIC_QUOTE_PREFIX = '/go/q/';
/**
 * The customer's payment pages (`/go/p/...`, `/go/a/...`) and a message's pages (`/go/m/...`:
 * the message, the visit's rating page) are the API's the same way.
 */
export const PUBLIC_PAGE_PREFIXES = [PUBLIC_QUOTE_PREFIX, '/go/p/', '/go/a/', '/go/m/'] as const;

/** The request for the API: the same request, its path under `/api`. */
export function publicPageRequest(request: Request): Request {
  const url = new URL(request.url);
  url.pathname = `/api${url.pathname}`;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    ...(hasBody ? { body: request.body, duplex: 'half' } : {}),
  } as RequestInit);
}
