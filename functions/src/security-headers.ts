import { createHash } from 'node:crypto';

/**
 * The security headers of every answer, in one place: the API (app.ts), the local runtime's web
 * app (scripts/local/web.ts) and CloudFront (stacks/web.ts) take them from here, so the three
 * cannot drift apart. docs/security.md, "Security headers".
 */

/** Every answer: no type sniffing, never framed, and no address (reset tokens) sent to other sites. */
const COMMON: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  // Same-origin rather than no-referrer: with no-referrer a browser sends `Origin: null` on its own
  // same-origin POSTs, which the API's origin check would refuse.
  'referrer-policy': 'same-origin',
  // For browsers older than CSP's frame-ancestors.
  'x-frame-options': 'DENY',
};

/** The API answers JSON: nothing it sends may load or run anything, or be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
export const API_SECURITY_HEADERS: Record<string, string> = { ...COMMON, 'content-security-policy': API_CSP };

/**
 * The customer's quote page (`/go/q/{id}/`): server-rendered HTML with no script at all; its own
 * inline styles, and forms that post only back to itself.
 */
export const PUBLIC_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
export const PUBLIC_PAGE_SECURITY_HEADERS: Record<string, string> = {
  ...COMMON,
  'content-security-policy': PUBLIC_PAGE_CSP,
};

/**
 * A portal widget's frame (`/portal/{handle}/frame/{widget}`): framed by any business's site (the
 * widgets run on their pages), its scripts and calls the portal origin's own, its one inline style
 * by hash; no form posts, no plugins.
 */
export const portalFrameCsp = (styleHash: string) =>
  `default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' '${styleHash}'; img-src 'self' data: https:; frame-ancestors *; base-uri 'none'; form-action 'none'`;

/**
 * `'sha256-…'` sources for the inline scripts of a page (web/index.html's theme and early cache
 * read run before the app's JavaScript loads, so they stay inline and are allowed by hash). Hashed
 * from the built page, so a change to them changes the policy with it.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

/**
 * The web app's Content-Security-Policy. Scripts: the app's own files and the hashed inline ones,
 * nothing else (no eval). Styles allow inline: the toast library and radix set styles at run time;
 * styles cannot run code. Images and workers also from `data:`/`blob:` (maplibre draws with them).
 * A map style from another host (`VITE_MAP_STYLE_URL`) is allowed to be fetched, with its images.
 * The attachments bucket (`filesOrigin`) is where the browser uploads files and shows thumbnails
 * from, through presigned links (functions/src/attachments/).
 * Images also from any https address: a message template shows the pictures it will mail (a
 * photo service's, a customer-facing site's); an image cannot run code.
 * The training academy's videos play in YouTube's or Vimeo's player, or from a file on https.
 * The remote-support script (`REMOTE_SUPPORT_SCRIPT_URL`, docs/remote-support.md) runs from its
 * host and talks back to it, so that one origin is allowed to load scripts and connect.
 */
export function webContentSecurityPolicy(options: {
  scriptHashes: string[];
  mapStyleUrl?: string;
  filesOrigin?: string;
  remoteSupportUrl?: string;
}) {
  const map = options.mapStyleUrl ? ` ${new URL(options.mapStyleUrl).origin}` : '';
  const files = options.filesOrigin ? ` ${options.filesOrigin}` : '';
  const support = options.remoteSupportUrl?.startsWith('https://')
    ? ` ${new URL(options.remoteSupportUrl).origin}`
    : '';
  return [
    "default-src 'self'",
    `script-src 'self'${support} ${options.scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${map}${files}`,
    "font-src 'self' data:",
    `connect-src 'self'${map}${files}${support}`,
    "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com",
    "media-src 'self' https:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Every answer of the web app, for a built `index.html`. */
export const webSecurityHeaders = (
  indexHtml: string,
  mapStyleUrl?: string,
  filesOrigin?: string,
  remoteSupportUrl = process.env.REMOTE_SUPPORT_SCRIPT_URL,
): Record<string, string> => ({
  ...COMMON,
  'content-security-policy': webContentSecurityPolicy({
    scriptHashes: inlineScriptHashes(indexHtml),
    mapStyleUrl,
    filesOrigin,
    remoteSupportUrl,
  }),
});

/**
 * The portal's widgets (`/widgets.js`, `/widgets-frame.js` and their modules under `/assets/w/`,
 * web/widgets) run on a business's own site: its page imports the modules across origins, which
 * needs CORS. Nothing there is private, and no credentials are sent for them.
 */
export const WIDGET_SCRIPT_PATHS = ['/widgets.js', '/widgets-frame.js', '/assets/w/*'] as const;
export const isWidgetScript = (path: string) =>
  WIDGET_SCRIPT_PATHS.some((p) => (p.endsWith('*') ? path.startsWith(p.slice(0, -1)) : path === p));
export const WIDGET_SCRIPT_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
};
