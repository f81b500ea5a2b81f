import { Portal } from '@roundwise/core';
import { html, raw } from 'hono/html';
import type { PublicPortal } from './find-portal.ts';

/**
 * The public portal page, `/portal/{handle}`, written on the server: the business's details are in
 * the HTML (search engines read them, a phone paints them before any script), the layout's cells
 * are drawn at their final size (declarative shadow DOM, the widgets script's own grid), and the
 * portal's data is written in, so the script fills the cells without a request of its own.
 * `embed`: the page inside a plain `<iframe>` on a business's site; the layout alone.
 */
export function portalPage(full: PublicPortal, options: { embed: boolean; canonical: string }) {
  const view = options.embed ? full : { ...full, layout: withoutWelcomeCard(full.layout) };
  const vars = Object.entries(Portal.themeVariables(view.theme.options))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  const css = `:root{${vars}}body{margin:0;background:var(--rw-page);color:var(--rw-text);font:16px/24px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:1040px;margin:0 auto;padding:16px}header{background:var(--rw-paper);border-bottom:1px solid var(--rw-divider)}
header .in{max-width:1040px;margin:0 auto;padding:20px 16px;display:flex;gap:16px;align-items:center}header img{border-radius:var(--rw-radius);object-fit:cover;flex:none}
h1{font-size:28px;line-height:36px;margin:0}header p{margin:4px 0 0;color:var(--rw-muted)}header a{color:var(--rw-primary)}
.banner{display:block;width:100%;height:180px;object-fit:cover}`;
  // Written into a script element: `<` escaped so no text in it can close the element.
  const data = JSON.stringify(view).replace(/</g, '\\u003c');
  const contacts = [
    view.telephone ? html`<a href="tel:${view.telephone}">${view.telephone}</a>` : '',
    view.email ? html`<a href="mailto:${view.email}">${view.email}</a>` : '',
    view.addressDescription,
  ].filter(Boolean);
  return html`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${view.businessName}</title>${view.summary ? html`<meta name="description" content="${view.summary}">` : ''}
<link rel="canonical" href="${options.canonical}"><style>${raw(css)}</style></head><body>
${
  options.embed
    ? ''
    : html`<header>${view.banner ? html`<img class="banner" src="${view.banner}" alt="">` : ''}<div class="in">
${view.logo ? html`<img src="${view.logo}" alt="" width="72" height="72">` : ''}<div><h1>${view.businessName}</h1>
${view.summary ? html`<p>${view.summary}</p>` : ''}${
  contacts.length ? html`<p>${contacts.map((c, i) => (i ? html` · ${c}` : c))}</p>` : ''
}</div></div></header>`
}
<main><div id="roundwise-portal">${raw(Portal.layoutMarkup(view.layout))}</div></main>
<script type="application/json" id="roundwise-portal-data">${raw(data)}</script>
<script async src="/widgets.js" data-portal="${view.handle}"></script>
</body></html>`;
}

/**
 * The page's header already gives the business's name, summary and contacts: a welcome card would
 * say them again, so the page's layout leaves it out and closes the rows only it held. The
 * `<iframe>` embed has no header and keeps it.
 */
function withoutWelcomeCard(layout: PublicPortal['layout']) {
  const rest = layout.filter((item) => Portal.itemWidget(item) !== 'welcome-card');
  if (rest.length === layout.length) return layout;
  const held = (row: number) => rest.some((item) => item.y <= row && row < item.y + item.h);
  return rest.map((item) => {
    let freed = 0;
    for (let row = 0; row < item.y; row++) if (!held(row)) freed++;
    return { ...item, y: item.y - freed };
  });
}

/** The page of a handle with no published portal: says so, in words a customer understands. */
export function closedPortalPage(businessName: string | undefined) {
  const text = businessName
    ? `${businessName} has not opened its customer portal yet.`
    : 'There is no customer portal at this address.';
  return html`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Customer portal</title><meta name="robots" content="noindex"><style>body{margin:0;font:16px/24px system-ui,sans-serif;color:#1f2937;background:#f3f4f6}main{max-width:560px;margin:64px auto;padding:24px;background:#fff;border-radius:8px}h1{font-size:24px;line-height:32px;margin:0 0 8px}</style></head>
<body><main><h1>Customer portal</h1><p>${text}</p><p>If you are a customer, contact the business directly.</p></main></body></html>`;
}

/**
 * The page's policy: its own scripts only (the widgets script and its modules), inline styles (the
 * page's and the theme's), images from any https address (the business's logo), frames of its own
 * origin (the framed widgets). Framed by other sites only as the `<iframe>` embed.
 */
export const portalPagePolicy = (embed: boolean) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${embed ? '*' : "'none'"}`,
  ].join('; ');
