import { isWebUrl } from '../blocks.ts';
import type { RichMark, RichNode } from '../rich-doc.ts';
import { divider, emailDocument, escapeHtml, style } from './frame.ts';

/**
 * HTML for a rich-text template: the editor's document (TipTap's ProseMirror JSON) drawn node by
 * node with inline styles inside the standard frame. Only the nodes and marks below are drawn; an
 * unknown node keeps its children's text, an unknown mark is dropped, and links and images keep
 * only web addresses (and `mailto:`/`tel:` for links), so nothing a document holds can run.
 */

export const RICH_THEME = {
  background: '#f3f4f6',
  contentBackground: '#ffffff',
  textColour: '#1f2937',
  linkColour: '#4f46e5',
  font: 'Helvetica, Arial, sans-serif',
};

const HEADING_SIZES: Record<number, number> = { 1: 28, 2: 22, 3: 18 };
const BLOCK_MARGIN = '0 0 16px';

const isLinkHref = (href: string) => isWebUrl(href) || /^(mailto|tel):[^\s"<>]+$/i.test(href);
const attr = (node: { attrs?: Record<string, unknown> }, name: string): unknown => node.attrs?.[name];
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function markOpen(mark: RichMark): [string, string] | undefined {
  switch (mark.type) {
    case 'bold':
      return ['<strong>', '</strong>'];
    case 'italic':
      return ['<em>', '</em>'];
    case 'underline':
      return ['<u>', '</u>'];
    case 'strike':
      return ['<s>', '</s>'];
    case 'code':
      return ['<code style="font-family:\'Courier New\',Courier,monospace">', '</code>'];
    case 'link': {
      const href = text(attr(mark, 'href')).trim();
      if (!isLinkHref(href)) return undefined;
      const css = style({ color: RICH_THEME.linkColour, 'text-decoration': 'underline' });
      return [`<a href="${escapeHtml(href)}" target="_blank" style="${css}">`, '</a>'];
    }
    default:
      return undefined;
  }
}

function inline(node: RichNode): string {
  if (node.type === 'hardBreak') return '<br>';
  if (node.type === 'image') return image(node);
  if (node.type !== 'text') return children(node, false);
  let html = escapeHtml(node.text ?? '');
  for (const mark of node.marks ?? []) {
    const tags = markOpen(mark);
    if (tags) html = `${tags[0]}${html}${tags[1]}`;
  }
  return html;
}

function image(node: RichNode): string {
  const src = text(attr(node, 'src')).trim();
  if (!isWebUrl(src)) return '';
  const alt = text(attr(node, 'alt'));
  const css = style({
    display: 'block',
    'max-width': '100%',
    height: 'auto',
    border: 0,
    margin: BLOCK_MARGIN,
  });
  return `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="552" style="${css}">`;
}

function children(node: RichNode, inList: boolean): string {
  return (node.content ?? []).map((child) => block(child, inList)).join('');
}

function block(node: RichNode, inList: boolean): string {
  const margin = inList ? '0' : BLOCK_MARGIN;
  switch (node.type) {
    case 'paragraph': {
      const body = (node.content ?? []).map(inline).join('');
      return `<p style="${style({ margin })}">${body || '&nbsp;'}</p>`;
    }
    case 'heading': {
      const level = Math.min(3, Math.max(1, Number(attr(node, 'level')) || 1));
      const css = style({ margin, 'font-size': `${HEADING_SIZES[level]}px`, 'line-height': '1.25' });
      return `<h${level} style="${css}">${(node.content ?? []).map(inline).join('')}</h${level}>`;
    }
    case 'bulletList':
    case 'orderedList': {
      const tag = node.type === 'bulletList' ? 'ul' : 'ol';
      const start = Number(attr(node, 'start'));
      const startAttr = tag === 'ol' && Number.isInteger(start) && start > 1 ? ` start="${start}"` : '';
      return `<${tag}${startAttr} style="${style({ margin, 'padding-left': '24px' })}">${children(node, true)}</${tag}>`;
    }
    case 'listItem':
      return `<li style="margin:0 0 4px">${children(node, true)}</li>`;
    case 'blockquote': {
      const css = style({
        margin,
        padding: '0 0 0 12px',
        'border-left': '4px solid #d1d5db',
        color: '#4b5563',
      });
      return `<blockquote style="${css}">${children(node, false)}</blockquote>`;
    }
    case 'horizontalRule':
      return divider('#e5e7eb', 1);
    case 'codeBlock': {
      const css = style({
        margin,
        padding: '12px',
        'background-color': '#f3f4f6',
        'font-family': "'Courier New',Courier,monospace",
        'white-space': 'pre-wrap',
      });
      const code = (node.content ?? []).map((c) => escapeHtml(c.text ?? '')).join('');
      return `<pre style="${escapeHtml(css)}">${code}</pre>`;
    }
    case 'image':
      return image(node);
    case 'text':
    case 'hardBreak':
      return inline(node);
    default:
      return children(node, inList);
  }
}

/** The body of a rich-text document (no frame): what the editor's preview and the email share. */
export function richTextBody(doc: RichNode): string {
  return children(doc, false);
}

/** The whole email for a rich-text template. */
export function richTextHtml(doc: RichNode, title: string): string {
  return emailDocument({ ...RICH_THEME, title, body: richTextBody(doc) });
}
