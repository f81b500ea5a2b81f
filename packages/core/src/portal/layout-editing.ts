import { COLUMNS } from './grid.ts';
import type { Layout, LayoutItem } from './schema.ts';
import { type WidgetName, widgetOfItem, widgets } from './widgets.ts';

/**
 * The layout editor's rules as pure functions (spec 002 sections 3, 4 and 5): each widget's size
 * limits, the palette's toggle, spacers, and the legacy layouts' migration. The editor and the
 * `portal.save-layout` command read the same limits, so the grid stops a resize exactly where the
 * server would refuse one.
 */

/** The tallest any widget may be, in rows (the schema's bound), when the spec gives no maximum. */
export const MAX_ROWS = 100;

export interface SizeLimits {
  minW: number;
  minH: number;
  maxW: number;
  maxH: number;
}

/**
 * A widget's least and greatest size in grid cells. The spec's figures are minimums except for
 * edit-profile-button (exactly 1x1) and sign-out (at most one row high); the rest may grow to the
 * grid's four columns and `MAX_ROWS`.
 */
export function sizeLimits(name: WidgetName): SizeLimits {
  const def = widgets[name] as { min: { w: number; h: number }; max?: { w?: number; h?: number } };
  return {
    minW: def.min.w,
    minH: def.min.h,
    maxW: def.max?.w ?? COLUMNS,
    maxH: def.max?.h ?? MAX_ROWS,
  };
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(n)));

/**
 * An item brought within its widget's limits and the grid (an old or hand-edited layout): width
 * and height clamped, then moved left if it would hang over the fourth column. Undefined for an
 * item naming no widget.
 */
export function fitItem(item: LayoutItem): LayoutItem | undefined {
  const name = widgetOfItem(item.i);
  if (!name) return undefined;
  const l = sizeLimits(name);
  const w = clamp(item.w, l.minW, l.maxW);
  return {
    i: item.i,
    w,
    h: clamp(item.h, l.minH, l.maxH),
    x: clamp(item.x, 0, COLUMNS - w),
    y: clamp(item.y, 0, 10_000),
  };
}

/** The first free row below every item. */
const bottom = (layout: readonly LayoutItem[]) => Math.max(0, ...layout.map((it) => it.y + it.h));

/** An item of `i` at the bottom of the layout, at its least size (spec 002 section 4). */
function placed(layout: readonly LayoutItem[], i: string, name: WidgetName): LayoutItem {
  const l = sizeLimits(name);
  return { i, x: 0, y: bottom(layout), w: l.minW, h: l.minH };
}

/**
 * The palette's toggle (spec 002 section 4): a widget in the layout is taken out; one not in it is
 * added at the bottom, sized to its minimum.
 */
export function toggleWidget(layout: readonly LayoutItem[], name: WidgetName): LayoutItem[] {
  if (layout.some((it) => it.i === name)) return layout.filter((it) => it.i !== name);
  return [...layout, placed(layout, name, name)];
}

/** A spacer more (they may be added many times): `spacerN` with the next free N. */
export function addSpacer(layout: readonly LayoutItem[]): LayoutItem[] {
  const taken = new Set(layout.map((it) => it.i));
  let n = 1;
  while (taken.has(`spacer${n}`)) n++;
  return [...layout, placed(layout, `spacer${n}`, 'spacer')];
}

/** A layout as it may have been stored before the single-layout shape: items by view mode. */
export interface StoredLayout {
  _id: string;
  name?: string;
  layout?: LayoutItem[];
  layoutsByViewmode?: Partial<Record<string, LayoutItem[]>>;
}

/** The suffix a migrated layout's name takes (spec 002 section 3). */
export const MIGRATED_SUFFIX = ' (migrated)';

/**
 * A stored layout in today's shape, and whether it had to be migrated. A legacy one (no `layout`,
 * but `layoutsByViewmode` with an `sm` entry) becomes that entry's items, fitted to the limits,
 * unknown widgets and repeated names dropped, renamed with ' (migrated)' (`rename`, so the screen
 * can word it). A current layout is returned as it is.
 */
export function migrateLayout(
  stored: StoredLayout,
  rename: (name: string) => string = (name) => `${name}${MIGRATED_SUFFIX}`,
): { layout: Layout; migrated: boolean } {
  const name = stored.name?.trim() || 'Layout';
  if (Array.isArray(stored.layout))
    return { layout: { _id: stored._id, name, layout: stored.layout }, migrated: false };
  const seen = new Set<string>();
  const items: LayoutItem[] = [];
  for (const raw of stored.layoutsByViewmode?.sm ?? []) {
    const item = fitItem(raw);
    if (!item || seen.has(item.i)) continue;
    seen.add(item.i);
    items.push(item);
  }
  return { layout: { _id: stored._id, name: rename(name), layout: items }, migrated: true };
}
