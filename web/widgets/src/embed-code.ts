/**
 * What a business pastes, written for its portal: the script with its stub, the plain `<iframe>`
 * for site builders that take no scripts, and the content security policy a host with one needs.
 * Shown on the portal's settings and in docs/portal.md.
 */

import type { GridItem } from '@roundwise/core/portal/grid';
import { layoutMarkup } from '@roundwise/core/portal/grid-markup';

/**
 * The stub, inline before the script: calls made before `widgets.js` has loaded
 * (`Roundwise('on', 'signed-in', fn)`) are queued in `Roundwise.q`, and the loader runs them.
 */
export const STUB =
  'window.Roundwise=window.Roundwise||function(){(Roundwise.q=Roundwise.q||[]).push(arguments)};';

export const scriptSnippet = (origin: string, handle: string) =>
  `<script>${STUB}</script>\n<script async src="${origin}/widgets.js" data-portal="${handle}"></script>`;

/**
 * The snippet with the published layout's place held: `<div id="roundwise-portal">` already
 * holding the grid's cells at their reserved heights (a declarative shadow root, no script), then
 * the stub and script. The host's own content below is laid out where it will stay before the
 * script loads, so drawing the layout moves nothing; the loader also starts fetching the cells'
 * widgets at once, alongside the portal's data. Pasted where the layout should appear. A layout
 * published later than the paste is still drawn (the loader redraws cells that do not match it),
 * only with the shift the placeholder was there to avoid (copy the snippet again after publishing).
 */
export const layoutSnippet = (origin: string, handle: string, layout: readonly GridItem[]) =>
  `<div id="roundwise-portal">${layoutMarkup(layout)}</div>\n${scriptSnippet(origin, handle)}`;

/**
 * The whole portal page in a frame, for site builders that refuse scripts. With no script on the
 * host nothing can size it, so it has a fixed height and scrolls inside: the script is the better
 * embed wherever it is allowed.
 */
export const iframeSnippet = (origin: string, handle: string, height = 900) =>
  `<iframe src="${origin}/portal/${handle}?embed=1" title="Customer portal" loading="lazy" style="display:block;width:100%;height:${height}px;border:0"></iframe>`;

/**
 * The directives a host page's policy needs: the stub by its hash, the portal's scripts, API,
 * frames and images (the logo's host too). Styles need nothing: the widgets use constructed style sheets, which a
 * policy does not govern.
 */
export async function cspSnippet(origin: string, imageOrigins: string[] = []) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(STUB));
  const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
  return [
    `script-src 'sha256-${hash}' ${origin}`,
    `connect-src ${origin}`,
    `frame-src ${origin}`,
    `img-src ${[origin, ...imageOrigins].join(' ')}`,
  ].join('; ');
}
