/**
 * The layout's grid (spec 002: four columns, rows of 50 px; one column on a narrow screen), as
 * plain text and numbers: the server-rendered portal page and the widgets script draw the same
 * grid from it, so the page's cells and the script's match to the pixel (no layout shift).
 */
export const ROW_HEIGHT = 50;
export const GAP = 16;
export const COLUMNS = 4;
/** Narrower than this (the container, not the screen) the layout is one column, top to bottom. */
export const WIDE = 600;

/** The height of `rows` rows of the grid, the gaps between them included. */
export const rowsHeight = (rows: number) => rows * ROW_HEIGHT + (rows - 1) * GAP;

/**
 * The height a widget holds before it draws, so nothing below it moves when it does: its least
 * size in rows, but no more than four rows. On the four-column grid the rows hold the rest; in one
 * column (a phone) a full reservation of the larger minimums (sign-in's seven rows, 446 px) left
 * more blank than the widget ever fills.
 */
export const reservedHeight = (minRows: number) => rowsHeight(Math.min(minRows, 4));

/**
 * The grid's styles, inside the layout's shadow root. A hidden cell's widget waits for sign-in. A
 * drawn cell holds `--r`, its reserved height, and may hold `--rn`, the height its widget's first
 * view takes in one column where that is more (text wraps on a phone): read here, so one inline
 * style serves both widths. A card does not stretch to the rows beside it (`align-self`).
 */
export const GRID_CSS = `:host{display:block;container-type:inline-size}
.grid{display:grid;grid-template-columns:minmax(0,1fr);gap:${GAP}px;align-items:start}
.cell{min-width:0;min-height:var(--rn,var(--r,0px))}.cell[data-spacer]{display:none}
@container (min-width:${WIDE}px){.grid{grid-template-columns:repeat(${COLUMNS},minmax(0,1fr));grid-auto-rows:minmax(${ROW_HEIGHT}px,auto)}.cell{grid-column:var(--x) / span var(--w);grid-row:var(--y) / span var(--h);min-height:var(--r,0px)}.cell[data-spacer]{display:block}}`;

export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A layout item's widget name: its `i`, save spacers (`spacer1`, `spacer2`...). */
export const itemWidget = (item: Pick<GridItem, 'i'>) => (/^spacer\d*$/.test(item.i) ? 'spacer' : item.i);

/** The items in reading order (top to bottom, left to right): the order a phone shows them in. */
export const readingOrder = <T extends GridItem>(items: readonly T[]) =>
  [...items].sort((a, b) => a.y - b.y || a.x - b.x);

/** A cell's placement, as custom properties the grid's styles read. */
export const cellPlacement = (item: GridItem) =>
  `--x:${item.x + 1};--y:${item.y + 1};--w:${item.w};--h:${item.h}`;
