import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

/**
 * A long list rendered a screenful at a time against the window's scroll (the screen scrolls, not
 * a box inside it). Rows are measured, so they may differ in height.
 */
export function VirtualList<T>({
  items,
  estimateSize = 72,
  getKey,
  render,
  label,
}: {
  items: readonly T[];
  estimateSize?: number;
  getKey: (item: T) => string;
  render: (item: T) => ReactNode;
  label: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    setOffset(ref.current ? ref.current.getBoundingClientRect().top + window.scrollY : 0);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimateSize,
    overscan: 8,
    scrollMargin: offset,
    getItemKey: (i) => getKey(items[i] as T),
  });
  return (
    <section ref={ref} aria-label={label} className="overflow-hidden rounded-lg border">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((v) => (
          <div
            key={v.key}
            data-index={v.index}
            ref={virtualizer.measureElement}
            className="absolute inset-x-0 top-0"
            style={{ transform: `translateY(${v.start - virtualizer.options.scrollMargin}px)` }}
          >
            {render(items[v.index] as T)}
          </div>
        ))}
      </div>
    </section>
  );
}
