import './strings.ts';
import type { Customers, Jobs, Visits } from '@roundwise/core';
import { ArrowDown, ArrowUp, GripVertical, UserRound } from 'lucide-react';
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

export interface RoundRow {
  job: Jobs.Job;
  customer?: Customers.Customer;
  visit?: Visits.Visit;
}

/**
 * The round's jobs, one representative visit each, in planned order (spec 000 section 2.5).
 * Reordered by dragging the handle (pointer events: mouse, touch and pen alike) or with the
 * move up / move down buttons (keyboard). `onReorder` gets the new order of job ids.
 *
 * While a row is dragged the rows keep their place in the DOM and only their CSS `order` shows
 * where it would land: a row moved in the DOM under the pointer loses the pointer (its capture,
 * and a touch's target), and the drag stopped one row on. The pointer is followed on the window,
 * and the other rows' middles are measured once, from the list's top, when the drag starts.
 */
export function JobList({
  rows,
  money,
  canReorder,
  onReorder,
  onViewCustomer,
}: {
  rows: RoundRow[];
  money: (n: number) => string;
  canReorder: boolean;
  onReorder: (jobIds: string[]) => void;
  onViewCustomer: (customerId: string) => void;
}) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLOListElement>(null);
  const [drag, setDrag] = useState<{ id: string; to: number }>();
  const ids = rows.map((r) => r.job._id);
  // The rows may be re-extracted during a drag: the drop reads the latest ones.
  const latest = useRef({ ids, onReorder });
  latest.current = { ids, onReorder };
  const stopDrag = useRef<() => void>(undefined);
  useEffect(() => () => stopDrag.current?.(), []);
  const shown = drag ? moveTo(ids, drag.id, drag.to) : ids;
  const commit = (next: string[]) => {
    if (next.some((id, i) => id !== latest.current.ids[i])) latest.current.onReorder(next);
  };
  const move = (index: number, by: number) => {
    const id = ids[index] as string;
    commit(moveTo(ids, id, Math.max(0, Math.min(ids.length - 1, index + by))));
  };
  const onPointerDown = (id: string) => (e: ReactPointerEvent) => {
    const list = listRef.current;
    if (!canReorder || !list || !e.isPrimary || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    stopDrag.current?.();
    const { pointerId } = e;
    const top = () => list.getBoundingClientRect().top;
    const start = top();
    const middles = [...list.querySelectorAll<HTMLElement>('[data-row]')]
      .filter((el) => el.dataset.jobId !== id)
      .map((el) => {
        const r = el.getBoundingClientRect();
        return r.top - start + r.height / 2;
      });
    // The row goes after every other row whose middle is above the pointer (from the list's top,
    // so a scroll of the dialog during the drag counts).
    const indexAt = (clientY: number) => middles.filter((m) => m < clientY - top()).length;
    let to = latest.current.ids.indexOf(id);
    setDrag({ id, to });
    const onMove = (ev: PointerEvent) => {
      if (ev.pointerId !== pointerId) return;
      const next = indexAt(ev.clientY);
      if (next === to) return;
      to = next;
      setDrag({ id, to });
    };
    const onEnd = (ev: PointerEvent) => {
      if (ev.pointerId !== pointerId) return;
      stop();
      if (ev.type === 'pointerup') commit(moveTo(latest.current.ids, id, indexAt(ev.clientY)));
    };
    const stop = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onEnd);
      window.removeEventListener('pointercancel', onEnd);
      stopDrag.current = undefined;
      setDrag(undefined);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onEnd);
    window.addEventListener('pointercancel', onEnd);
    stopDrag.current = stop;
  };
  if (rows.length === 0)
    return <p className="py-6 text-center text-sm text-muted-foreground">{t('rounds.no-jobs')}</p>;
  return (
    // No scroll anchoring in the list: rows shown in a new order would scroll the dialog under the
    // pointer (Chrome keeps an anchoring row in place), and the drag would run on past its target.
    <ol
      ref={listRef}
      className="flex flex-col rounded-lg border [overflow-anchor:none]"
      aria-label={t('rounds.jobs-in-order')}
    >
      {rows.map((row, index) => {
        const position = shown.indexOf(row.job._id);
        const name = row.customer?.name ?? t('rounds.unknown-customer');
        const address =
          row.job.location?.addressDescription || row.customer?.address.addressDescription || '';
        const dragging = drag?.id === row.job._id;
        return (
          <li
            key={row.job._id}
            data-row
            data-job-id={row.job._id}
            style={{ order: position }}
            className={`flex items-center gap-2 bg-background px-2 py-2 ${position > 0 ? 'border-t' : ''} ${dragging ? 'relative z-10 shadow-lg ring-2 ring-primary' : ''}`}
          >
            {canReorder && (
              <button
                type="button"
                tabIndex={-1}
                aria-label={t('rounds.drag-to-reorder', { name })}
                className="flex h-10 w-7 shrink-0 cursor-grab touch-none items-center justify-center text-muted-foreground active:cursor-grabbing"
                onPointerDown={onPointerDown(row.job._id)}
              >
                <GripVertical className="size-4" aria-hidden />
              </button>
            )}
            <span className="w-6 shrink-0 text-right text-xs text-muted-foreground tabular-nums">
              {position + 1}
            </span>
            <div className="flex min-w-0 flex-1 flex-col">
              {/* On a phone the whole name, on as many lines as it takes: two customers may share a start. */}
              <span className="truncate text-sm font-medium max-desktop:whitespace-normal max-desktop:break-words">
                {name}
              </span>
              <span className="truncate text-xs text-muted-foreground">{address}</span>
            </div>
            <div className="flex shrink-0 flex-col items-end text-xs tabular-nums">
              <span className="font-medium">{money(row.visit?.price ?? row.job.price)}</span>
              {row.visit && (
                <span className="text-muted-foreground">{formatDay(row.visit.isoPlannedDate)}</span>
              )}
            </div>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('rounds.view-customer', { name })}
              onClick={() => onViewCustomer(row.job.customerId)}
            >
              <UserRound aria-hidden />
            </Button>
            {canReorder && (
              // 24 px targets (WCAG 2.5.8), touching: the pair is one 24 x 48 control.
              <div className="flex shrink-0 items-center gap-1">
                <button
                  type="button"
                  className="inline-flex size-6 items-center justify-center rounded text-muted-foreground hover:bg-accent disabled:opacity-30"
                  aria-label={t('rounds.move-up', { name })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp className="size-3.5" aria-hidden />
                </button>
                <button
                  type="button"
                  className="inline-flex size-6 items-center justify-center rounded text-muted-foreground hover:bg-accent disabled:opacity-30"
                  aria-label={t('rounds.move-down', { name })}
                  disabled={index === rows.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown className="size-3.5" aria-hidden />
                </button>
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** `ids` with `id` taken out and put back at index `to`. */
export function moveTo(ids: readonly string[], id: string, to: number): string[] {
  if (!ids.includes(id)) return [...ids];
  const rest = ids.filter((x) => x !== id);
  rest.splice(Math.max(0, Math.min(rest.length, to)), 0, id);
  return rest;
}

const formatDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
