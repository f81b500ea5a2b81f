import './strings.ts';
import type { Customers, Jobs, Visits } from '@roundwise/core';
import { ArrowDown, ArrowUp, GripVertical, UserRound } from 'lucide-react';
import { type PointerEvent as ReactPointerEvent, useRef, useState } from 'react';
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
  const [drag, setDrag] = useState<{ from: number; to: number; pointerId: number }>();
  const order = rows.map((_, i) => i);
  if (drag) {
    order.splice(drag.from, 1);
    order.splice(drag.to, 0, drag.from);
  }
  const commit = (ids: string[]) => {
    if (ids.some((id, i) => id !== rows[i]?.job._id)) onReorder(ids);
  };
  const move = (index: number, by: number) => {
    const ids = rows.map((r) => r.job._id);
    const [id] = ids.splice(index, 1);
    ids.splice(Math.max(0, Math.min(rows.length - 1, index + by)), 0, id as string);
    commit(ids);
  };
  /** Where the dragged row goes: after every other row whose middle is above the pointer. */
  const indexAt = (clientY: number, draggedId: string) => {
    const items = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-row]') ?? [])];
    return items.filter((el) => {
      if (el.dataset.jobId === draggedId) return false;
      const r = el.getBoundingClientRect();
      return r.top + r.height / 2 < clientY;
    }).length;
  };
  const onPointerDown = (index: number) => (e: ReactPointerEvent) => {
    if (!canReorder || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    setDrag({ from: index, to: index, pointerId: e.pointerId });
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    if (!drag || e.pointerId !== drag.pointerId) return;
    const to = indexAt(e.clientY, rows[drag.from]?.job._id ?? '');
    if (to !== drag.to) setDrag({ ...drag, to });
  };
  const onPointerUp = (e: ReactPointerEvent) => {
    if (!drag || e.pointerId !== drag.pointerId) return;
    setDrag(undefined);
    commit(order.map((i) => rows[i]?.job._id as string));
  };
  if (rows.length === 0)
    return <p className="py-6 text-center text-sm text-muted-foreground">{t('rounds.no-jobs')}</p>;
  return (
    <ol
      ref={listRef}
      className="flex flex-col divide-y rounded-lg border"
      aria-label={t('rounds.jobs-in-order')}
    >
      {order.map((i, position) => {
        const row = rows[i] as RoundRow;
        const name = row.customer?.name ?? t('rounds.unknown-customer');
        const address =
          row.job.location?.addressDescription || row.customer?.address.addressDescription || '';
        const dragging = drag?.from === i;
        return (
          <li
            key={row.job._id}
            data-row
            data-job-id={row.job._id}
            className={`flex items-center gap-2 bg-background px-2 py-2 ${dragging ? 'relative z-10 shadow-lg ring-2 ring-primary' : ''}`}
          >
            {canReorder && (
              <button
                type="button"
                tabIndex={-1}
                aria-label={t('rounds.drag-to-reorder', { name })}
                className="flex h-10 w-7 shrink-0 cursor-grab touch-none items-center justify-center text-muted-foreground active:cursor-grabbing"
                onPointerDown={onPointerDown(i)}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={() => setDrag(undefined)}
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
                  disabled={position === 0}
                  onClick={() => move(position, -1)}
                >
                  <ArrowUp className="size-3.5" aria-hidden />
                </button>
                <button
                  type="button"
                  className="inline-flex size-6 items-center justify-center rounded text-muted-foreground hover:bg-accent disabled:opacity-30"
                  aria-label={t('rounds.move-down', { name })}
                  disabled={position === rows.length - 1}
                  onClick={() => move(position, 1)}
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

const formatDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
