import { cellPlacement, GRID_CSS, type GridItem, itemWidget, readingOrder, reservedHeight } from './grid.ts';
import { type WidgetName, widgets } from './widgets.ts';

/**
 * The height of the first view of the public widgets whose least rows do not match it (`wide` on
 * the four columns, `narrow` in one column, where text and forms wrap), measured in Chromium (a
 * phone 412 px wide, a desktop 1280). Less moved the host's content below by the difference; more
 * left a card half blank.
 */
const FIRST_VIEW: Partial<Record<WidgetName, { wide: number; narrow: number }>> = {
  'sign-in': { wide: 190, narrow: 190 },
  'address-search': { wide: 136, narrow: 136 },
  'welcome-card': { wide: 182, narrow: 252 },
};

/**
 * The saved layout as HTML that needs no script: a declarative shadow root holding the grid and
 * each cell at its place and reserved height, a signed-in customer's cells hidden. The public page
 * writes it on the server, and the snippet a business pastes carries it, so a host page lays out
 * its own content below the portal at its final place before the widgets script has even loaded
 * (no layout shift). The loader fills these cells as they are (`web/widgets/src/layout-grid.ts`).
 */
export function layoutMarkup(layout: readonly GridItem[]): string {
  const cells = readingOrder(layout).map((item) => {
    const name = itemWidget(item);
    if (name === 'layout' || !Object.hasOwn(widgets, name)) return '';
    const widget = widgets[name as WidgetName];
    const place = cellPlacement({
      i: name,
      x: Number(item.x),
      y: Number(item.y),
      w: Number(item.w),
      h: Number(item.h),
    });
    const first = FIRST_VIEW[name as WidgetName];
    const wide = first?.wide ?? reservedHeight(widget.min.h);
    const narrow = first && first.narrow !== wide ? `;--rn:${first.narrow}px` : '';
    const style = `${place};--r:${wide}px${narrow}${widget.auth === 'signed-in' ? ';display:none' : ''}`;
    return `<div class="cell" data-widget="${name}"${name === 'spacer' ? ' data-spacer' : ''} style="${style}"></div>`;
  });
  return `<template shadowrootmode="open"><style>${GRID_CSS}</style><div class="grid">${cells.join('')}</div></template>`;
}
