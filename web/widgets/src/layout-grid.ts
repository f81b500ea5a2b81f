import { cellPlacement, GRID_CSS, itemWidget, readingOrder } from '@roundwise/core/portal/grid';
import { catalogueEntry, type LayoutItem, type PublicPortal } from './embed-data.ts';

/**
 * Lays the saved layout out in `container`, in a shadow root of its own so the host page's CSS
 * does not move the cells, and asks `render` to fill each cell. Where the cells are already drawn
 * (the portal page's or the pasted snippet's declarative shadow root, the same grid) and match the
 * published layout, they are filled as they are; a snippet pasted before the business published
 * another layout is redrawn.
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
  const items = cellItems(data.layout);
  const drawn = [...root.querySelectorAll<HTMLElement>('.cell[data-widget]')];
  const same =
    drawn.length === items.length &&
    drawn.every((cell, n) => cell.dataset.widget === itemWidget(items[n]!) && placed(cell, items[n]!));
  if (same) {
    for (const cell of drawn) {
      // Through the CSSOM: where a host's policy refused the snippet's style attributes, this holds.
      cell.style.cssText = cell.getAttribute('style') ?? '';
      render(cell, cell.dataset.widget ?? '');
    }
    return;
  }
  const grid = document.createElement('div');
  grid.className = 'grid';
  for (const item of items) {
    const name = itemWidget(item);
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

/** The layout's cells in reading order, without the ones this build cannot draw. */
const cellItems = (layout: readonly LayoutItem[]) =>
  readingOrder(layout).filter((item) => {
    const name = itemWidget(item);
    return name !== 'layout' && !!catalogueEntry(name);
  });

/** The drawn cell sits where the item says: its style attribute starts with the item's placement. */
const placed = (cell: HTMLElement, item: LayoutItem) =>
  (cell.getAttribute('style') ?? '').startsWith(`${cellPlacement(item)};`);

/**
 * The widgets of the cells already on the page when the script starts (the snippet's or the
 * portal page's), so their code is fetched alongside the portal's data rather than after it.
 */
export const drawnWidgets = (container: HTMLElement | null) =>
  [...(container?.shadowRoot?.querySelectorAll<HTMLElement>('.cell[data-widget]') ?? [])].map(
    (cell) => cell.dataset.widget ?? '',
  );
