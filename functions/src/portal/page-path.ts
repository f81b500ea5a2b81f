/**
 * The portal's pages live at `/portal/...` on the site and are the API's: the page
 * `/portal/{handle}` is `/api/portal/{handle}/page` (`/api/portal/{handle}` is the portal's data),
 * and every deeper path (a framed widget's `/portal/{handle}/frame/{widget}`) is the same path
 * under `/api`. The local runtime rewrites with `portalApiPath`, CloudFront with the same rule
 * (stacks/web.ts).
 */
export const PORTAL_PAGE_PREFIX = '/portal/';

export function portalApiPath(pathname: string): string {
  const page = /^\/portal\/([^/]+)\/?$/.exec(pathname);
  return page ? `/api/portal/${page[1]}/page` : `/api${pathname}`;
}

/** The request for the API: the same request, its path rewritten. */
export function portalPageRequest(request: Request): Request {
  const url = new URL(request.url);
  url.pathname = portalApiPath(url.pathname);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    ...(hasBody ? { body: request.body, duplex: 'half' } : {}),
  } as RequestInit);
}
