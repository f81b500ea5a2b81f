import { type Block, FONTS, type LeafBlock, type Theme } from '../blocks.ts';
import { CONTENT_WIDTH, divider, emailDocument, escapeHtml, style, tableOpen } from './frame.ts';

/**
 * HTML for a block template: each block one row of the container's table, columns a nested table
 * of equal cells, every style inline. The container is the 'Basic' starter's (spec 002 section 3):
 * centred, the theme's content colour (white by default), 600 px at most, 310 px at least and
 * 600 px high at least.
 */

export const BASIC_MIN_HEIGHT = 600;
const INNER_WIDTH = CONTENT_WIDTH - 48;
const TEXT_SIZES = { small: 13, normal: 16, large: 20, heading: 26 } as const;

/** Plain text to HTML: a blank line starts a paragraph, a single line break stays one. */
function paragraphs(text: string, css: string): string {
  const parts = text.split(/\r?\n\s*\r?\n/).filter((p) => p.trim() !== '');
  if (parts.length === 0) return '';
  return parts
    .map((p) => `<p style="${escapeHtml(css)}">${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

function leaf(block: LeafBlock, theme: Theme, width: number): string {
  switch (block.type) {
    case 'text': {
      const size = TEXT_SIZES[block.size];
      const css = style({
        margin: '0 0 12px',
        'font-size': `${size}px`,
        'line-height': block.size === 'heading' ? '1.25' : '1.5',
        'font-weight': block.bold ? 'bold' : undefined,
        color: block.colour ?? theme.textColour,
        'text-align': block.align,
      });
      return paragraphs(block.text, css);
    }
    case 'image': {
      const px = Math.round((width * block.width) / 100);
      const css = style({
        display: 'block',
        width: '100%',
        'max-width': `${px}px`,
        height: 'auto',
        border: 0,
      });
      const img = `<img src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}" width="${px}" style="${css}">`;
      const linked = block.href ? `<a href="${escapeHtml(block.href)}" target="_blank">${img}</a>` : img;
      return `${tableOpen(`width="100%"`, 'width:100%')}<tr><td align="${block.align}" style="padding:0 0 12px">${linked}</td></tr></table>`;
    }
    case 'button': {
      const cellCss = style({ 'background-color': block.background, 'border-radius': '6px' });
      const linkCss = style({
        display: 'inline-block',
        padding: '12px 24px',
        color: block.colour,
        'font-weight': 'bold',
        'text-decoration': 'none',
        'font-family': FONTS[theme.font],
      });
      // The coloured cell, not only the link, carries the colour: Outlook ignores a link's padding.
      const button = `${tableOpen(`align="${block.align}"`, '')}<tr><td bgcolor="${block.background}" style="${cellCss}"><a href="${escapeHtml(block.href)}" target="_blank" style="${escapeHtml(linkCss)}">${escapeHtml(block.label)}</a></td></tr></table>`;
      return `${tableOpen('width="100%"', 'width:100%')}<tr><td align="${block.align}" style="padding:0 0 12px">${button}</td></tr></table>`;
    }
    case 'divider':
      return divider(block.colour, block.thickness);
    case 'spacer':
      return `${tableOpen('width="100%"', 'width:100%')}<tr><td height="${block.height}" style="height:${block.height}px;font-size:0;line-height:0">&nbsp;</td></tr></table>`;
  }
}

function row(block: Block, theme: Theme): string {
  if (block.type !== 'columns') return leaf(block, theme, INNER_WIDTH);
  const count = block.columns.length;
  const width = Math.floor(INNER_WIDTH / count);
  const percent = Math.floor(100 / count);
  const cells = block.columns
    .map(
      (column) =>
        `<td valign="top" width="${width}" style="width:${percent}%;padding:0 6px">${column.map((b) => leaf(b, theme, width)).join('')}</td>`,
    )
    .join('');
  return `${tableOpen('width="100%"', 'width:100%;table-layout:fixed')}<tr>${cells}</tr></table>`;
}

/** The body of a block template (no frame): the editor's preview and the email share it. */
export function blockBody(blocks: readonly Block[], theme: Theme): string {
  return blocks.map((b) => row(b, theme)).join('');
}

/** The whole email for a block template. */
export function blockHtml(blocks: readonly Block[], theme: Theme, title: string): string {
  return emailDocument({
    title,
    background: theme.background,
    contentBackground: theme.contentBackground,
    textColour: theme.textColour,
    font: FONTS[theme.font],
    minHeight: BASIC_MIN_HEIGHT,
    body: blockBody(blocks, theme),
  });
}
