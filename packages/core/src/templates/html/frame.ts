/**
 * The parts every generated email shares. Mail clients (Outlook's Word engine, Gmail's and Yahoo's
 * web clients) drop `<style>` blocks, classes, scripts, flex and grid, so the layout is tables
 * (`role="presentation"`) with every style inline and widths also given as attributes, which
 * Outlook reads where it ignores CSS. Everything is written by the generators from the template's
 * data, each text escaped; no markup a user typed passes through.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text (or an attribute value) made safe for HTML. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

/** An inline `style` from declarations (undefined ones left out). */
export function style(declarations: Record<string, string | number | undefined>): string {
  return Object.entries(declarations)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}:${v}`)
    .join(';');
}

/** A layout table: no spacing of its own, not read out as a data table. */
export const tableOpen = (attrs: string, css: string) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" border="0" ${attrs} style="${escapeHtml(css)}">`;

/** A horizontal rule as a one-cell table (Outlook draws `<hr>` with its own margins and colour). */
export function divider(colour: string, thickness: number): string {
  const css = style({ 'border-top': `${thickness}px solid ${colour}`, 'font-size': 0, 'line-height': 0 });
  return `${tableOpen('width="100%"', 'width:100%;margin:16px 0')}<tr><td style="${escapeHtml(css)}">&nbsp;</td></tr></table>`;
}

export interface Frame {
  title: string;
  /** The page around the container. */
  background: string;
  /** The container. */
  contentBackground: string;
  font: string;
  textColour: string;
  /** The container's least height (the 'Basic' starter's 600 px), if any. */
  minHeight?: number;
  body: string;
}

export const CONTENT_WIDTH = 600;
export const MIN_WIDTH = 310;

/**
 * A whole email document: the page colour on a full-width table, the centred container at most
 * 600 px and at least 310 px wide (spec 002 section 3, 'Basic'), the body inside it.
 */
export function emailDocument(f: Frame): string {
  const pageCss = style({ margin: 0, padding: 0, 'background-color': f.background, width: '100%' });
  const containerCss = style({
    width: '100%',
    'max-width': `${CONTENT_WIDTH}px`,
    'min-width': `${MIN_WIDTH}px`,
    'background-color': f.contentBackground,
  });
  const cellCss = style({
    padding: '24px',
    'font-family': f.font,
    'font-size': '16px',
    'line-height': '1.5',
    color: f.textColour,
    'min-height': f.minHeight ? `${f.minHeight}px` : undefined,
  });
  const height = f.minHeight ? ` height="${f.minHeight}"` : '';
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(f.title)}</title></head>`,
    `<body style="${pageCss}">`,
    tableOpen(`width="100%" bgcolor="${escapeHtml(f.background)}"`, pageCss),
    '<tr><td align="center" style="padding:24px 8px">',
    tableOpen(
      `width="${CONTENT_WIDTH}" align="center" bgcolor="${escapeHtml(f.contentBackground)}"`,
      containerCss,
    ),
    `<tr><td valign="top"${height} style="${escapeHtml(cellCss)}">`,
    f.body,
    '</td></tr></table>',
    '</td></tr></table>',
    '</body></html>',
  ].join('');
}
