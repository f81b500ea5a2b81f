import { catalogueEntry, type LayoutItem, type PublicPortal } from './embed-data.ts';

/** The layout editor's grid (spec 002: four columns, rows of 50 px); one column when narrow. */
export const ROW_HEIGHT = 50;
const GAP = 16;
const WIDE = 600;

/** The height of `rows` rows of the grid, the gaps between them included. */
export const rowsHeight = (rows: number) => rows * ROW_HEIGHT + (rows - 1) * GAP;

const GRID_CSS = `:host{display:block;container-type:inline-size}
.grid{display:grid;grid-template-columns:minmax(0,1fr);gap:${GAP}px}
.cell[data-spacer]{display:none}
@container (min-width:${WIDE}px){.grid{grid-template-columns:repeat(4,minmax(0,1fr));grid-auto-rows:minmax(${ROW_HEIGHT}px,auto)}.cell{grid-column:var(--x) / span var(--w);grid-row:var(--y) / span var(--h)}.cell[data-spacer]{display:block}}`;

/** A layout item's widget: its `i`, save spacers, whose `i` is `spacer1`, `spacer2`... */
export const widgetOf = (item: LayoutItem) => (/^spacer\d*$/.test(item.i) ? 'spacer' : item.i);

/**
 * Lays the saved layout out in `container` (a shadow root of its own, so the host page's CSS does
 * not move the cells) and asks `render` to fill each cell. Read top to bottom, left to right: the
 * order a phone shows them in, one under another.
 */
export function renderLayout(
  container: HTMLElement,
  data: PublicPortal,
  render: (cell: HTMLElement, name: string) => void,
) {
  const root = container.shadowRoot ?? container.attachShadow({ mode: 'open' });
  // A constructed sheet: a host policy that refuses inline styles does not refuse it.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(GRID_CSS);
  root.adoptedStyleSheets = [sheet];
  const grid = document.createElement('div');
  grid.className = 'grid';
  const items = [...data.layout].sort((a, b) => a.y - b.y || a.x - b.x);
  for (const item of items) {
    const name = widgetOf(item);
    if (name === 'layout' || !catalogueEntry(name)) continue;
    const cell = document.createElement('div');
    cell.className = 'cell';
    cell.dataset.widget = name;
    if (name === 'spacer') cell.dataset.spacer = '';
    cell.style.cssText = `--x:${item.x + 1};--y:${item.y + 1};--w:${item.w};--h:${item.h}`;
    grid.append(cell);
    render(cell, name);
  }
  root.replaceChildren(grid);
}
