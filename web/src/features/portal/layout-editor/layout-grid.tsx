import 'react-grid-layout/css/styles.css';
import '../strings.ts';
import { Portal } from '@roundwise/core';
import { clsx } from 'clsx';
import { Settings, X } from 'lucide-react';
import { useMemo, useRef } from 'react';
import ReactGridLayout, { type Layout, useContainerWidth, verticalCompactor } from 'react-grid-layout';
import { useTranslation } from 'react-i18next';
import type { Viewer } from './view-as';

/**
 * The layout editor's grid (spec 002 section 2.5): react-grid-layout 2, which takes the spec's
 * `{ i, x, y, w, h }` as it is, on the public page's grid (4 columns, rows of 50 px, the same gap),
 * each item bounded by its widget's limits (`Portal.sizeLimits`, the ones `portal.save-layout`
 * checks), so a resize stops where the server would refuse. This module is the screen's own lazy
 * chunk: no other screen loads the library. In mobile view the grid is one column in reading order
 * and fixed: the desktop layout is not changed by looking at it.
 */
export default function LayoutGrid({
  items,
  onChange,
  mobile,
  readOnly,
  viewer,
  onSettings,
}: {
  items: Portal.LayoutItem[];
  /** `settled`: the items given, laid out by the grid (gaps closed up), not an edit. */
  onChange: (items: Portal.LayoutItem[], settled?: boolean) => void;
  mobile: boolean;
  /** Shown, not changed: someone other than the owner. */
  readOnly: boolean;
  viewer: Viewer;
  onSettings: (widget: Portal.ConfigurableWidget) => void;
}) {
  const { t } = useTranslation();
  const { width, containerRef, mounted } = useContainerWidth();
  const fixed = mobile || readOnly;
  const layout = useMemo<Layout>(() => {
    if (mobile) {
      let y = 0;
      return Portal.readingOrder(items).map((it) => {
        const placed = { i: it.i, x: 0, y, w: 1, h: it.h, static: true };
        y += it.h;
        return placed;
      });
    }
    return items.map((it) => {
      const name = Portal.widgetOfItem(it.i);
      return name ? { ...it, ...Portal.sizeLimits(name) } : it;
    });
  }, [items, mobile]);

  // Until the user first drags or resizes, a layout the grid reports is the items given laid out
  // (gaps closed up), not a change of the user's.
  const touched = useRef(false);
  const touch = () => {
    touched.current = true;
  };
  const changed = (next: Layout) => {
    if (fixed) return;
    onChange(
      next.map(({ i, x, y, w, h }) => ({ i, x, y, w, h })),
      !touched.current,
    );
  };
  const remove = (i: string) => onChange(items.filter((it) => it.i !== i));

  return (
    <div
      ref={containerRef}
      className={clsx('w-full', mobile && 'mx-auto max-w-sm')}
      data-testid="layout-grid"
    >
      {mounted && (
        <ReactGridLayout
          width={width}
          layout={layout}
          gridConfig={{
            cols: mobile ? 1 : Portal.COLUMNS,
            rowHeight: Portal.ROW_HEIGHT,
            margin: [Portal.GAP, Portal.GAP],
          }}
          dragConfig={{ enabled: !fixed, cancel: '.no-drag', bounded: true }}
          resizeConfig={{ enabled: !fixed, handles: ['se'] }}
          compactor={verticalCompactor}
          onLayoutChange={changed}
          onDragStart={touch}
          onResizeStart={touch}
        >
          {layout.map((it) => {
            const name = Portal.widgetOfItem(it.i);
            const label = name ? t(`portal.editor.widget-${name}`) : it.i;
            const auth = name ? Portal.widgets[name].auth : 'optional';
            // Shown or enabled only when the viewer's state matches the widget's (spec 002 section 4):
            // drawn as a dashed outline otherwise (faded text would not be readable).
            const hidden = auth !== 'optional' && auth !== viewer.state;
            return (
              <div
                key={it.i}
                data-widget={it.i}
                className={clsx(
                  'group flex cursor-move flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-xs',
                  name === 'spacer' && 'border-dashed bg-muted/40 shadow-none',
                  hidden && 'border-dashed bg-muted shadow-none',
                  fixed && 'cursor-default',
                )}
              >
                <div className="flex items-start gap-1 p-2">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{label}</p>
                    <p className="text-xs text-muted-foreground" data-testid="widget-size">
                      {t('portal.editor.size', { w: it.w, h: it.h })}
                    </p>
                    {auth !== 'optional' && it.h > 1 && (
                      <p className="truncate text-xs text-muted-foreground">
                        {t(`portal.editor.auth-${auth}`)}
                      </p>
                    )}
                  </div>
                  {!fixed && (
                    <div className="no-drag flex shrink-0 gap-0.5 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 pointer-coarse:opacity-100">
                      {name && Portal.isConfigurable(name) && (
                        <button
                          type="button"
                          className="rounded p-1 hover:bg-accent"
                          aria-label={t('portal.editor.settings', { widget: label })}
                          onClick={() => onSettings(name)}
                        >
                          <Settings className="size-4" aria-hidden />
                        </button>
                      )}
                      <button
                        type="button"
                        className="rounded p-1 hover:bg-accent"
                        aria-label={t('portal.editor.remove', { widget: label })}
                        onClick={() => remove(it.i)}
                      >
                        <X className="size-4" aria-hidden />
                      </button>
                    </div>
                  )}
                </div>
              </div>
            );
          })}
        </ReactGridLayout>
      )}
    </div>
  );
}
