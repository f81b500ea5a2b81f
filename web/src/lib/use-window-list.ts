import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A long list that scrolls with the page, virtualised: only the rows in view (and a few either
 * side) are in the DOM. Rows are placed absolutely at `top(item)` inside the element given `listRef`,
 * whose height is `virtualizer.getTotalSize()`. The list's distance from the top of the page is
 * read once it is laid out, as the page scrolls, not the list.
 */
export function useWindowList<E extends HTMLElement>(options: {
  count: number;
  estimateSize: (index: number) => number;
  getItemKey?: (index: number) => string | number;
}) {
  const ref = useRef<E>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => setScrollMargin(ref.current?.offsetTop ?? 0), []);
  const virtualizer = useWindowVirtualizer({ ...options, overscan: 8, scrollMargin });
  return { listRef: ref, virtualizer, top: (item: VirtualItem) => item.start - scrollMargin };
}
