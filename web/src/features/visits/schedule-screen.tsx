import './strings.ts';
import { Schedule, Visits } from '@roundwise/core';
import { useNavigate } from '@tanstack/react-router';
import { CalendarX2 } from 'lucide-react';
import {
  lazy,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  Suspense,
  useCallback,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { DateNav } from '../../components/date-nav';
import { EmptyState } from '../../components/empty-state';
import { Screen } from '../../components/screen';
import { LazySheet } from '../../components/ui/lazy-sheet';
import { Skeleton } from '../../components/ui/skeleton';
import { businessToday } from '../../lib/dates';
import { money } from '../../lib/format';
import { usePeople } from '../../lib/people';
import { useItems, type Visit } from '../../lib/schedule';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { useDragReorder } from './use-drag-reorder';
import { useVisitActions } from './use-visit-actions';
import type { VisitDialogKind, VisitDialogState } from './visit-dialogs';
import { VisitRow } from './visit-row';

// The visit dialogs (skip, notes, price, assign, move: radix dialog, checkbox) load on first use.
const VisitDialog = lazy(() => import('./visit-dialogs').then((m) => ({ default: m.VisitDialog })));
// The selected visit's detail (with the door details and their "On my way" message command) loads
// when a visit is first opened: the day's list paints without it.
const VisitDetail = lazy(() => import('./visit-detail').then((m) => ({ default: m.VisitDetail })));

const NO_ROUND = '';

interface Group {
  key: string;
  name: string;
  color?: string;
  items: Visit[];
}

/**
 * `schedule/{date?}/{scheduleItemId?}`: a day's visits by round in planned order (the engine's
 * order), with drag (or keyboard) reordering, every visit action, and the selected visit's detail
 * beside the list (a sheet on mobile). Reads and writes only the offline cache.
 */
export function ScheduleScreen({
  date: dateParam,
  visitId,
  fields,
}: {
  date?: string;
  /** The selected visit: the route's `scheduleItemId` (the spec's name for it in the URL). */
  visitId?: string;
  /** What other areas show on the selected visit, under its detail (its custom fields). */
  fields?: (item: Visit) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const today = useMemo(businessToday, []);
  const date = dateParam && Schedule.isIsoDate(dateParam) ? dateParam : today;
  const data = useItems(date, date);
  const { items, customers, rounds, jobs, loading } = data;
  const actions = useVisitActions();
  const people = usePeople(useMemo(() => items.flatMap((i) => i.assignees), [items]));
  const [dialog, setDialog] = useState<VisitDialogState>();
  const dialogOpened = useOpenedOnce(!!dialog);

  const goTo = useCallback(
    (d: string, id?: string) =>
      navigate({ to: '/schedule/{-$date}/{-$scheduleItemId}', params: { date: d, scheduleItemId: id } }),
    [navigate],
  );
  const onDrop = useCallback(
    (_group: string, ids: string[]) => {
      const byId = new Map(items.map((i) => [i.id, i]));
      const ordered = ids.map((id) => byId.get(id)).filter((i): i is Visit => !!i);
      actions.reorder(date, ordered);
    },
    [items, actions, date],
  );
  const drag = useDragReorder({ settledKey: items, onDrop });
  // The stable callbacks, not the hook's object (new each render), so rows stay memoised.
  const { setPreview, start: startDragOf } = drag;

  const groups = useMemo(() => {
    const out: Group[] = [];
    for (const item of items) {
      const key = item.rounds[0] ?? NO_ROUND;
      let g = out.at(-1);
      if (!g || g.key !== key) {
        const round = key ? rounds[key] : undefined;
        g = {
          key,
          name: round?.description ?? (key ? t('schedule.unknown-round') : t('schedule.no-round')),
          color: round?.color,
          items: [],
        };
        out.push(g);
      }
      g.items.push(item);
    }
    // The drag (or a reorder on its way) shows its own order.
    const p = drag.preview;
    if (p) {
      const g = out.find((x) => x.key === p.group);
      if (g) {
        const byId = new Map(g.items.map((i) => [i.id, i]));
        const reordered = p.ids.map((id) => byId.get(id)).filter((i): i is Visit => !!i);
        if (reordered.length === g.items.length) g.items = reordered;
      }
    }
    return out;
  }, [items, rounds, t, drag.preview]);

  const totals = useMemo(
    () => ({
      count: items.length,
      value: items.reduce((s, i) => s + (i.status === Visits.VisitStatus.Skipped ? 0 : i.price), 0),
      done: items.filter((i) => i.status === Visits.VisitStatus.Done).length,
    }),
    [items],
  );

  const selected = visitId ? items.find((i) => i.id === visitId) : undefined;
  const canPlan = true; // The route is for Owner, Admin and Planner only.
  const openDialog = useCallback(
    (kind: VisitDialogKind, item: Visit) =>
      setDialog({ kind, item, name: customers[item.customerId]?.name ?? '' }),
    [customers],
  );
  const open = useCallback((item: Visit) => goTo(date, item.id), [goTo, date]);
  const moveBy = useCallback(
    (item: Visit, by: -1 | 1) => {
      const g = groups.find((x) => x.items.some((i) => i.id === item.id));
      if (!g) return;
      const ids = g.items.map((i) => i.id);
      const from = ids.indexOf(item.id);
      const to = from + by;
      if (to < 0 || to >= ids.length) return;
      [ids[from], ids[to]] = [ids[to] as string, ids[from] as string];
      setPreview({ group: g.key, ids });
      onDrop(g.key, ids);
    },
    [groups, setPreview, onDrop],
  );
  const startDrag = useCallback(
    (item: Visit, e: ReactPointerEvent<HTMLElement>) => {
      const g = groups.find((x) => x.items.some((i) => i.id === item.id));
      if (g)
        startDragOf(
          g.key,
          g.items.map((i) => i.id),
          item.id,
          e,
        );
    },
    [groups, startDragOf],
  );

  const detail = selected && (
    <Suspense fallback={null}>
      <VisitDetail
        item={selected}
        job={jobs.find((j) => j._id === selected.jobId)}
        customer={customers[selected.customerId]}
        people={people}
        roundName={selected.rounds[0] ? rounds[selected.rounds[0]]?.description : undefined}
        canPlan={canPlan}
        actions={actions}
        onDialog={openDialog}
      />
      {fields?.(selected)}
    </Suspense>
  );
  const nameOf = (id: string) => people.find((p) => p.userId === id)?.name;

  return (
    <Screen title={t('route.schedule')} wide>
      <div className="mx-auto grid max-w-6xl gap-4 desktop:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 content-start gap-3">
          <DateNav date={date} today={today} onChange={(d) => goTo(d)} />
          <p className="flex flex-wrap gap-x-4 text-sm text-muted-foreground" data-testid="day-totals">
            <span>{t('schedule.total-visits', { count: totals.count })}</span>
            <span>{t('schedule.total-value', { value: money(totals.value, i18n.language) })}</span>
            <span>{t('schedule.total-done', { done: totals.done, count: totals.count })}</span>
          </p>
          {loading ? (
            <div className="grid gap-2">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-16" />
              ))}
            </div>
          ) : groups.length === 0 ? (
            <EmptyState
              icon={CalendarX2}
              title={t('schedule.empty-day-title')}
              text={t('schedule.empty-day-text')}
            />
          ) : (
            groups.map((g) => (
              <section
                key={g.key || 'none'}
                aria-label={g.name}
                className="overflow-hidden rounded-lg border"
              >
                <h3 className="flex items-center gap-2 border-b bg-muted/50 px-3 py-2 text-sm font-semibold">
                  <span
                    className="size-3 rounded-full"
                    style={{ background: g.color ?? 'var(--muted-foreground)' }}
                  />
                  <span className="flex-1 truncate">{g.name}</span>
                  <span className="font-normal text-muted-foreground">
                    {t('schedule.total-visits', { count: g.items.length })}
                  </span>
                </h3>
                <div ref={drag.containerRef(g.key)} data-testid="round-visits">
                  {g.items.map((item) => (
                    <VisitRow
                      key={item.id}
                      item={item}
                      customer={customers[item.customerId]}
                      color={g.color}
                      selected={item.id === visitId}
                      canPlan={canPlan}
                      actions={actions}
                      onOpen={open}
                      onDialog={openDialog}
                      onDragStart={startDrag}
                      onMove={moveBy}
                      dragging={drag.preview?.dragging === item.id}
                      assigneeNames={item.assignees
                        .map((id) => nameOf(id) ?? '')
                        .filter(Boolean)
                        .join(', ')}
                    />
                  ))}
                </div>
              </section>
            ))
          )}
        </div>
        {desktop ? (
          <aside className="sticky top-20 hidden self-start rounded-lg border p-4 desktop:block">
            {detail ?? <p className="text-sm text-muted-foreground">{t('schedule.select-visit')}</p>}
          </aside>
        ) : (
          <LazySheet
            open={!!selected}
            onOpenChange={(o) => !o && goTo(date)}
            side="bottom"
            className="p-4 pt-10"
            title={t('schedule.visit')}
            description={t('schedule.visit-description')}
          >
            {detail}
          </LazySheet>
        )}
      </div>
      {dialogOpened && (
        <Suspense fallback={null}>
          <VisitDialog
            state={dialog}
            onClose={() => setDialog(undefined)}
            actions={actions}
            people={people}
          />
        </Suspense>
      )}
    </Screen>
  );
}
