import { cellPlacement, GRID_CSS, itemWidget, readingOrder } from '@roundwise/core/portal/grid';
import { catalogueEntry, type PublicPortal } from './embed-data.ts';

/**
 * Lays the saved layout out in `container`, in a shadow root of its own so the host page's CSS
 * does not move the cells, and asks `render` to fill each cell. Where the portal page has already
 * drawn the cells (declarative shadow DOM, the same grid), they are filled as they are.
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
  const drawn = root.querySelectorAll<HTMLElement>('.cell[data-widget]');
  if (drawn.length > 0) {
    for (const cell of drawn) render(cell, cell.dataset.widget ?? '');
    return;
  }
  const grid = document.createElement('div');
  grid.className = 'grid';
  for (const item of readingOrder(data.layout)) {
    const name = itemWidget(item);
    if (name === 'layout' || !catalogueEntry(name)) continue;
    const cell = document.createElement('div');
    cell.className = 'cell';
    cell.dataset.widget = name;
    if (name === 'spacer') cell.dataset.spacer = '';
    cell.style.cssText = cellPlacement(item);
    grid.append(cell);
    render(cell, name);
  }
  root.replaceChildren(grid);
}
