// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { type Block, Blocks, Theme } from '../blocks.ts';
import type { RichNode } from '../rich-doc.ts';
import { starter } from '../schema.ts';
import { blockHtml } from './block-html.ts';
import { richTextHtml } from './rich-text-html.ts';

/**
 * What mail clients need of the generated HTML (Outlook's Word engine, Gmail and Yahoo's web
 * clients): layout by tables, every style inline, no `<style>`, no classes, no scripts or event
 * handlers, no CSS layout they drop (flex, grid, position).
 */
function mailSafe(html: string): Document {
  const dom = new DOMParser().parseFromString(html, 'text/html');
  expect(dom.querySelectorAll('style, script, link, iframe, form, object, embed')).toHaveLength(0);
  for (const el of dom.querySelectorAll('*')) {
    for (const a of el.attributes) {
      expect(a.name, `${el.tagName} ${a.name}`).not.toMatch(/^(on|class$|id$)/);
      if (a.name === 'href' || a.name === 'src') expect(a.value).toMatch(/^(https?:|mailto:|tel:)/);
    }
    const css = el.getAttribute('style') ?? '';
    expect(css).not.toMatch(/display:\s*(flex|grid)|position:/);
  }
  for (const table of dom.querySelectorAll('table')) {
    expect(table.getAttribute('role')).toBe('presentation');
    expect(table.getAttribute('cellpadding')).toBe('0');
    expect(table.getAttribute('border')).toBe('0');
  }
  return dom;
}

/** The container the frame draws: centred, the content colour, 600 px at most and 310 px at least. */
function container(dom: Document): HTMLTableElement {
  const outer = dom.body.querySelector(':scope > table') as HTMLTableElement;
  expect(outer.getAttribute('width')).toBe('100%');
  const cell = outer.querySelector(':scope > tbody > tr > td') as HTMLElement;
  expect(cell.getAttribute('align')).toBe('center');
  const inner = cell.querySelector(':scope > table') as HTMLTableElement;
  expect(inner.getAttribute('width')).toBe('600');
  expect(inner.style.maxWidth).toBe('600px');
  expect(inner.style.minWidth).toBe('310px');
  return inner;
}

const text = (t: string, marks?: RichNode['marks']): RichNode => ({ type: 'text', text: t, marks });

describe('rich-text HTML', () => {
  const doc: RichNode = {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: [text('Spring offer')] },
      {
        type: 'paragraph',
        content: [
          text('Book '),
          text('now', [{ type: 'bold' }, { type: 'link', attrs: { href: 'https://example.com/book' } }]),
          text(' or '),
          text('never', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]),
          { type: 'hardBreak' },
          text('<b>not markup</b> & more'),
        ],
      },
      {
        type: 'bulletList',
        content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('Gutters')] }] }],
      },
      { type: 'image', attrs: { src: 'https://example.com/a.png', alt: 'Van' } },
      { type: 'image', attrs: { src: 'data:image/png;base64,AAAA', alt: 'inline' } },
      { type: 'horizontalRule' },
      { type: 'paragraph' },
      { type: 'mystery', content: [{ type: 'paragraph', content: [text('kept text')] }] },
    ],
  };
  const html = richTextHtml(doc, 'Spring <offer>');
  const dom = mailSafe(html);

  it('puts the body in the centred 600 px container, the subject as its title', () => {
    const inner = container(dom);
    expect(inner.textContent).toContain('Spring offer');
    expect(dom.title).toBe('Spring <offer>');
  });

  it('draws headings, paragraphs, lists, images and rules with inline styles', () => {
    const inner = container(dom);
    const h2 = inner.querySelector('h2') as HTMLElement;
    expect(h2.style.fontSize).toBe('22px');
    for (const p of inner.querySelectorAll('p')) expect(p.getAttribute('style')).toContain('margin');
    expect(inner.querySelector('ul li')?.textContent).toBe('Gutters');
    const imgs = inner.querySelectorAll('img');
    expect([...imgs].map((i) => i.getAttribute('src'))).toEqual(['https://example.com/a.png']);
    expect((imgs[0] as HTMLElement).style.maxWidth).toBe('100%');
    expect(inner.textContent).toContain('kept text');
  });

  it('keeps only web and mail links, and escapes text', () => {
    const links = [...dom.querySelectorAll('a')];
    expect(links.map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['https://example.com/book', 'now'],
    ]);
    expect(dom.querySelector('strong')?.textContent).toBe('now');
    expect(dom.body.textContent).toContain('<b>not markup</b> & more');
    expect(dom.querySelectorAll('b')).toHaveLength(0);
    expect(dom.body.textContent).toContain('never');
  });
});

describe('block HTML', () => {
  const blocks: Block[] = Blocks.parse([
    {
      id: '1',
      type: 'text',
      text: 'Hello\n\nSecond <para>\nline',
      size: 'heading',
      align: 'center',
      bold: true,
    },
    {
      id: '2',
      type: 'image',
      src: 'https://example.com/a.png',
      alt: 'A',
      width: 50,
      href: 'https://example.com',
    },
    { id: '3', type: 'button', label: 'Book now', href: 'https://example.com/book', background: '#0d9488' },
    { id: '4', type: 'divider', colour: '#ff0000', thickness: 2 },
    { id: '5', type: 'spacer', height: 40 },
    {
      id: '6',
      type: 'columns',
      columns: [[{ id: '7', type: 'text', text: 'Left' }], [{ id: '8', type: 'text', text: 'Right' }]],
    },
  ]);
  const theme = Theme.parse({ background: '#eeeeee', font: 'serif' });
  const dom = mailSafe(blockHtml(blocks, theme, 'News'));

  it("draws the 'Basic' container: centred, white, 600 px wide at most, 310 px at least, 600 px high at least", () => {
    const inner = container(dom);
    expect(inner.getAttribute('bgcolor')).toBe('#ffffff');
    const cell = inner.querySelector('td') as HTMLElement;
    expect(cell.getAttribute('height')).toBe('600');
    expect(cell.style.minHeight).toBe('600px');
    expect(cell.style.fontFamily).toContain('Georgia');
    expect(dom.body.querySelector('table')?.getAttribute('bgcolor')).toBe('#eeeeee');
  });

  it('writes text as escaped paragraphs with their style', () => {
    const ps = [...container(dom).querySelectorAll('p')].slice(0, 2) as HTMLElement[];
    expect(ps.map((p) => p.innerHTML)).toEqual(['Hello', 'Second &lt;para&gt;<br>line']);
    expect(ps[0]?.style.textAlign).toBe('center');
    expect(ps[0]?.style.fontWeight).toBe('bold');
    expect(ps[0]?.style.fontSize).toBe('26px');
  });

  it('sizes a linked image by the content width, and colours the button on its cell', () => {
    const img = dom.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('width')).toBe('276');
    expect(img.closest('a')?.getAttribute('href')).toBe('https://example.com');
    const button = [...dom.querySelectorAll('a')].find((a) => a.textContent === 'Book now') as HTMLElement;
    expect(button.closest('td')?.getAttribute('bgcolor')).toBe('#0d9488');
    expect(button.style.color).toBe('rgb(255, 255, 255)');
  });

  it('draws a divider as a bordered cell, a spacer as a sized cell, columns as equal cells', () => {
    const cells = [...dom.querySelectorAll('td')] as HTMLElement[];
    expect(cells.some((td) => td.getAttribute('style')?.includes('border-top:2px solid #ff0000'))).toBe(true);
    expect(cells.some((td) => td.getAttribute('height') === '40')).toBe(true);
    const columns = cells.filter((td) => td.getAttribute('width') === '276');
    expect(columns.map((td) => td.textContent)).toEqual(['Left', 'Right']);
  });

  it("renders the 'Basic' starter itself", () => {
    const basic = starter('Basic');
    const inner = container(mailSafe(blockHtml(basic.blocks, basic.theme, 'Basic')));
    expect(inner.getAttribute('bgcolor')).toBe('#ffffff');
    expect(inner.textContent).toContain('Write your message here.');
  });
});
