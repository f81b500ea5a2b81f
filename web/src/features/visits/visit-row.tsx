import './strings.ts';
import { Visits } from '@roundwise/core';
import { clsx } from 'clsx';
import type { TFunction } from 'i18next';
import { Check, GripVertical, MoreVertical, NotebookPen, Undo2, User } from 'lucide-react';
import {
  lazy,
  memo,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  Suspense,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { money } from '../../lib/format';
import type { Customer, Visit } from '../../lib/schedule';
import { durationText } from './duration-text';
import type { VisitActions } from './use-visit-actions';
import type { VisitDialogKind } from './visit-dialogs';
import type { VisitRowMenuProps } from './visit-row-menu';

export function StatusBadge({ item }: { item: Visit }) {
  const { t } = useTranslation();
  return statusBadge(item, t);
}

/** The badge itself, for rows that already hold `t` (one translation hook per row, not two). */
function statusBadge(item: Visit, t: TFunction) {
  if (item.status === Visits.VisitStatus.Done)
    return <Badge variant="success">{t('schedule.status-done')}</Badge>;
  if (item.status === Visits.VisitStatus.Skipped)
    return <Badge variant="secondary">{t('schedule.status-skipped')}</Badge>;
  return <Badge variant="outline">{t('schedule.status-not-done')}</Badge>;
}

const loadMenu = () => import('./visit-row-menu');
const preloadMenu = () => {
  void loadMenu();
  void import('./visit-dialogs'); // what most of its items open
};
const VisitRowMenu = lazy(() => loadMenu().then((m) => ({ default: m.VisitRowMenu })));

/**
 * The row's "more" menu, mounted on first use: a day has up to hundreds of rows, and a radix
 * menu per row (contexts, ids, popper) is most of a row's render cost. Until opened it is a plain
 * button that looks the same; once opened it stays mounted, so focus returns to its trigger.
 * The menu's code (radix's dropdown and floating-ui, about 19 KB gzipped) is not part of the first
 * download either: it loads when the pointer comes near a row's button or it is focused,
 * and the button stands in for the menu until it has.
 */
function RowMenu(props: Omit<VisitRowMenuProps, 'open' | 'onOpenChange' | 'trigger'>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const name = props.customer?.name ?? t('schedule.unknown-customer');
  const trigger = (onClick?: () => void) => (
    <Button
      variant="ghost"
      size="icon"
      className="size-9 shrink-0"
      aria-label={t('schedule.more-of', { name })}
      onPointerEnter={preloadMenu}
      onFocus={preloadMenu}
      onClick={onClick}
    >
      <MoreVertical aria-hidden />
    </Button>
  );
  const openMenu = () => {
    setUsed(true);
    setOpen(true);
  };
  if (!used) return trigger(openMenu);
  return (
    <Suspense fallback={trigger()}>
      <VisitRowMenu {...props} open={open} onOpenChange={setOpen} trigger={trigger()} />
    </Suspense>
  );
}

export interface VisitRowProps {
  item: Visit;
  customer: Customer | undefined;
  /** Round colour stripe. */
  color?: string;
  selected?: boolean;
  /** Planner actions (price, assign, move, reorder); workers get done/skip/undo/notes. */
  canPlan: boolean;
  actions: VisitActions;
  onOpen: (item: Visit) => void;
  onDialog: (kind: VisitDialogKind, item: Visit) => void;
  /** Drag handle and keyboard move up/down (the day view). */
  onDragStart?: (item: Visit, e: ReactPointerEvent<HTMLElement>) => void;
  onMove?: (item: Visit, by: -1 | 1) => void;
  dragging?: boolean;
  /** Shown under the name (overdue: the planned date). */
  extra?: string;
  assigneeNames?: string;
  /** What another area shows beside the status (the custom fields' chip); keep it stable (memo). */
  chip?: (item: Visit) => ReactNode;
}

/** One visit in a list: who, where, price, time, state, and its actions. */
export const VisitRow = memo(function VisitRow({
  item,
  customer,
  color,
  selected,
  canPlan,
  actions,
  onOpen,
  onDialog,
  onDragStart,
  onMove,
  dragging,
  extra,
  assigneeNames,
  chip,
}: VisitRowProps) {
  const { t, i18n } = useTranslation();
  const name = customer?.name ?? t('schedule.unknown-customer');
  const address = customer?.address.addressDescription;
  return (
    <div
      data-testid="visit"
      data-visit-id={item.id}
      data-status={item.status}
      className={clsx(
        'flex min-h-16 items-center gap-1 border-b pr-1 last:border-b-0 [content-visibility:auto] [contain-intrinsic-size:auto_4rem]',
        selected ? 'bg-accent' : 'bg-background',
        dragging && 'relative z-10 shadow-lg ring-2 ring-primary',
      )}
      style={{ boxShadow: color ? `inset 4px 0 0 ${color}` : undefined }}
    >
      {onDragStart && (
        <button
          type="button"
          data-testid="drag-handle"
          aria-label={t('schedule.drag-to-reorder', { name })}
          className="ml-1 flex h-12 w-7 shrink-0 cursor-grab touch-none items-center justify-center rounded text-muted-foreground hover:bg-accent active:cursor-grabbing"
          onPointerDown={(e) => onDragStart(item, e)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
              e.preventDefault();
              onMove?.(item, e.key === 'ArrowUp' ? -1 : 1);
            }
          }}
        >
          <GripVertical className="size-4" aria-hidden />
        </button>
      )}
      <button
        type="button"
        onClick={() => onOpen(item)}
        className={clsx(
          'flex min-w-0 flex-1 flex-col items-start gap-0.5 py-2 text-left',
          !onDragStart && 'pl-4',
        )}
      >
        <span className="flex w-full min-w-0 items-center gap-2">
          <span
            className={clsx(
              'truncate font-medium',
              item.status !== Visits.VisitStatus.NotDone && 'text-muted-foreground',
            )}
          >
            {name}
          </span>
          {statusBadge(item, t)}
          {chip?.(item)}
        </span>
        {address && <span className="w-full truncate text-sm text-muted-foreground">{address}</span>}
        <span className="flex w-full flex-wrap items-center gap-x-3 text-xs text-muted-foreground">
          <span className="font-medium text-foreground">{money(item.price, i18n.language)}</span>
          <span>{durationText(item.duration, t)}</span>
          {extra && <span>{extra}</span>}
          {assigneeNames && (
            <span className="inline-flex items-center gap-1">
              <User className="size-3" aria-hidden />
              {assigneeNames}
            </span>
          )}
          {item.status === Visits.VisitStatus.Skipped && item.skipReason && (
            <span className="truncate">{item.skipReason}</span>
          )}
          {item.notes && (
            <span className="inline-flex items-center gap-1" title={item.notes}>
              <NotebookPen className="size-3" aria-label={t('schedule.has-notes')} />
            </span>
          )}
        </span>
      </button>
      {item.status === Visits.VisitStatus.NotDone ? (
        <Button
          variant="outline"
          size="sm"
          className="h-9 shrink-0"
          onClick={() => actions.complete(item)}
          aria-label={t('schedule.mark-done-of', { name })}
        >
          <Check aria-hidden />
          <span className="hidden sm:inline">{t('schedule.done')}</span>
        </Button>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          className="h-9 shrink-0"
          onClick={() => actions.undo(item)}
          aria-label={t('schedule.undo-of', { name })}
        >
          <Undo2 aria-hidden />
          <span className="hidden sm:inline">{t('schedule.undo')}</span>
        </Button>
      )}
      <RowMenu item={item} customer={customer} canPlan={canPlan} onDialog={onDialog} onMove={onMove} />
    </div>
  );
});
