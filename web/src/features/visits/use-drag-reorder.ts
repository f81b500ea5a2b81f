import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useRef, useState } from 'react';

export interface DragPreview {
  group: string;
  ids: string[];
  dragging?: string;
}

/**
 * Drag to reorder within a group of rows, on pointer events (mouse, touch and pen alike; the
 * handle has `touch-action: none` so a finger drags rather than scrolls). Rows are found in the
 * group's container by `data-visit-id`; their midpoints at the start of the drag decide the drop
 * position, so the live reordering of the list does not feed back into the maths. Listeners are on
 * the window, so moving the row in the DOM cannot lose the pointer. The preview order stays until
 * `settledKey` changes (the optimistic command's result arrived), so the list never flashes back.
 */
export function useDragReorder({
  settledKey,
  onDrop,
}: {
  settledKey: unknown;
  onDrop: (group: string, ids: string[]) => void;
}) {
  const [preview, setPreview] = useState<DragPreview>();
  const containers = useRef(new Map<string, HTMLElement>());
  const dragging = useRef(false);

  // A new list from the cache replaces the preview (unless a drag is under way).
  // biome-ignore lint/correctness/useExhaustiveDependencies: settledKey is the trigger
  useEffect(() => {
    if (!dragging.current) setPreview(undefined);
  }, [settledKey]);

  const containerRef = useCallback(
    (group: string) => (el: HTMLElement | null) => {
      if (el) containers.current.set(group, el);
      else containers.current.delete(group);
    },
    [],
  );

  const start = useCallback(
    (group: string, ids: string[], id: string, e: ReactPointerEvent<HTMLElement>) => {
      if (e.button !== 0) return;
      const container = containers.current.get(group);
      if (!container) return;
      e.preventDefault();
      const mids = ids.map((rowId) => {
        const el = container.querySelector<HTMLElement>(`[data-visit-id="${CSS.escape(rowId)}"]`);
        const r = el?.getBoundingClientRect();
        return r ? r.top + window.scrollY + r.height / 2 : 0;
      });
      const from = ids.indexOf(id);
      let order = ids;
      dragging.current = true;
      setPreview({ group, ids, dragging: id });
      const move = (ev: PointerEvent) => {
        const y = ev.clientY + window.scrollY;
        // Where the row would land: before the first other row whose midpoint is below the pointer.
        let to = mids.findIndex((m, i) => i !== from && y < m);
        if (to === -1) to = ids.length - 1;
        else if (to > from) to -= 1;
        const next = ids.filter((x) => x !== id);
        next.splice(to, 0, id);
        if (next.join() !== order.join()) {
          order = next;
          setPreview({ group, ids: next, dragging: id });
        }
        // Near the screen's edges, scroll so a long day can be dragged end to end.
        if (ev.clientY < 72) window.scrollBy(0, -12);
        else if (ev.clientY > window.innerHeight - 48) window.scrollBy(0, 12);
      };
      const end = (ev: PointerEvent) => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', end);
        window.removeEventListener('pointercancel', end);
        dragging.current = false;
        const changed = ev.type === 'pointerup' && order.join() !== ids.join();
        if (changed) {
          setPreview({ group, ids: order });
          onDrop(group, order);
        } else setPreview(undefined);
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', end);
      window.addEventListener('pointercancel', end);
    },
    [onDrop],
  );

  return { preview, setPreview, start, containerRef };
}
