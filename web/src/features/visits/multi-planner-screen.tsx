import './strings.ts';
import { Schedule, Visits } from '@roundwise/core';
import { useNavigate } from '@tanstack/react-router';
import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/screen';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { businessToday, mondayOf } from '../../lib/dates';
import { dayLabel, money } from '../../lib/format';
import { type Person, personName, usePeople } from '../../lib/people';
import { useItems, type Visit } from '../../lib/schedule';
import { useVisitActions } from './use-visit-actions';
import { StatusBadge } from './visit-row';

const UNASSIGNED = '';
const SHOWN_PER_CELL = 3;

interface Cell {
  items: Visit[];
  value: number;
}

/**
 * `multi-planner`: a week of people by day. Rows are the account's workers and anyone with
 * visits that week, plus "Unassigned"; a cell counts and lists that person's visits of the day.
 * Opening a cell lists its visits with a select to give each to someone else (`visits.assign`).
 */
export function MultiPlannerScreen({ week: weekParam }: { week?: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const today = useMemo(businessToday, []);
  const week = mondayOf(weekParam && Schedule.isIsoDate(weekParam) ? weekParam : today);
  const days = useMemo(() => Array.from({ length: 7 }, (_, i) => Schedule.addDays(week, i)), [week]);
  const { items, customers, loading } = useItems(week, Schedule.addDays(week, 6));
  const people = usePeople(useMemo(() => items.flatMap((i) => i.assignees), [items]));
  const actions = useVisitActions();
  const [open, setOpen] = useState<{ person: string; day: string }>();

  // Rows: workers, then anyone else with visits this week, then the unassigned visits.
  const { rows, cells } = useMemo(() => {
    const cells = new Map<string, Cell>();
    const withVisits = new Set<string>();
    for (const item of items) {
      const who = item.assignees.length ? item.assignees : [UNASSIGNED];
      for (const p of who) {
        withVisits.add(p);
        const key = `${p}|${item.isoPlannedDate}`;
        const c = cells.get(key) ?? { items: [], value: 0 };
        c.items.push(item);
        c.value += item.status === Visits.VisitStatus.Skipped ? 0 : item.price;
        cells.set(key, c);
      }
    }
    const rows: { id: string; person?: Person }[] = people
      .filter((p) => p.isWorker || withVisits.has(p.userId))
      .map((p) => ({ id: p.userId, person: p }));
    rows.push({ id: UNASSIGNED });
    return { rows, cells };
  }, [items, people]);

  const goWeek = (d: string) =>
    navigate({ to: '/multi-planner', search: { week: d === mondayOf(today) ? undefined : d } });
  const rowName = (id: string, person?: Person) =>
    id === UNASSIGNED ? t('planner.unassigned') : personName(person, id, t);
  const openCell = open && cells.get(`${open.person}|${open.day}`);

  return (
    <Screen title={t('route.multi-planner')} wide>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          className="size-9"
          aria-label={t('planner.previous-week')}
          onClick={() => goWeek(Schedule.addDays(week, -7))}
        >
          <ChevronLeft aria-hidden />
        </Button>
        <Button
          variant="outline"
          className="h-9"
          disabled={week === mondayOf(today)}
          onClick={() => goWeek(mondayOf(today))}
        >
          {t('planner.this-week')}
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-9"
          aria-label={t('planner.next-week')}
          onClick={() => goWeek(Schedule.addDays(week, 7))}
        >
          <ChevronRight aria-hidden />
        </Button>
        <h2 className="font-semibold">
          {t('planner.week-of', { date: dayLabel(week, i18n.language, 'long') })}
        </h2>
      </div>
      {loading ? (
        <Skeleton className="h-64" />
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table
            className="w-full min-w-[52rem] table-fixed border-collapse text-sm"
            data-testid="planner-grid"
          >
            <thead>
              <tr className="bg-muted/50">
                <th
                  scope="col"
                  className="sticky left-0 z-10 w-28 border-b bg-muted p-2 text-left font-medium desktop:w-40"
                >
                  {t('planner.person')}
                </th>
                {days.map((d) => (
                  <th
                    key={d}
                    scope="col"
                    className={clsx(
                      'border-b border-l p-2 text-left font-medium',
                      d === today && 'bg-primary/10',
                    )}
                  >
                    {dayLabel(d, i18n.language).replace(/ \d{4}$/, '')}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id || 'unassigned'} className="align-top">
                  <th
                    scope="row"
                    className="sticky left-0 z-10 border-b bg-background p-2 text-left font-medium"
                  >
                    <span className={clsx(row.id === UNASSIGNED && 'text-muted-foreground')}>
                      {rowName(row.id, row.person)}
                    </span>
                  </th>
                  {days.map((d) => {
                    const c = cells.get(`${row.id}|${d}`);
                    return (
                      <td key={d} className={clsx('border-b border-l p-1', d === today && 'bg-primary/5')}>
                        {c ? (
                          <button
                            type="button"
                            data-testid="planner-cell"
                            className="flex w-full flex-col gap-0.5 rounded p-1 text-left hover:bg-accent"
                            onClick={() => setOpen({ person: row.id, day: d })}
                          >
                            <span className="font-medium">
                              {t('schedule.total-visits', { count: c.items.length })}
                            </span>
                            <span className="text-xs text-muted-foreground">
                              {money(c.value, i18n.language)}
                            </span>
                            {c.items.slice(0, SHOWN_PER_CELL).map((i) => (
                              <span
                                key={i.id}
                                className={clsx(
                                  'truncate text-xs',
                                  i.status !== Visits.VisitStatus.NotDone && 'line-through',
                                )}
                              >
                                {customers[i.customerId]?.name}
                              </span>
                            ))}
                            {c.items.length > SHOWN_PER_CELL && (
                              <span className="text-xs text-muted-foreground">
                                {t('planner.more', { count: c.items.length - SHOWN_PER_CELL })}
                              </span>
                            )}
                          </button>
                        ) : (
                          <span className="block p-1 text-xs text-muted-foreground">–</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-3 text-sm text-muted-foreground">{t('planner.hint')}</p>
      <Dialog open={!!open} onOpenChange={(o) => !o && setOpen(undefined)}>
        {open && (
          <DialogContent className="desktop:max-w-xl">
            <DialogHeader>
              <DialogTitle>
                {rowName(
                  open.person,
                  people.find((p) => p.userId === open.person),
                )}
                : {dayLabel(open.day, i18n.language)}
              </DialogTitle>
              <DialogDescription>{t('planner.cell-text')}</DialogDescription>
            </DialogHeader>
            <ul className="grid gap-2">
              {(openCell?.items ?? []).map((item) => (
                <li key={item.id} className="flex items-center gap-2">
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{customers[item.customerId]?.name}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {customers[item.customerId]?.address.addressDescription}
                    </span>
                  </span>
                  <StatusBadge item={item} />
                  <Select
                    value={open.person || UNASSIGNED_VALUE}
                    onValueChange={(to) => {
                      const rest = item.assignees.filter((a) => a !== open.person);
                      const next = to === UNASSIGNED_VALUE ? rest : [...new Set([...rest, to])];
                      actions.assign(item, to === UNASSIGNED_VALUE ? [] : next);
                    }}
                  >
                    <SelectTrigger
                      className="h-9 w-40"
                      aria-label={t('planner.assign-to', { name: customers[item.customerId]?.name })}
                    >
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={UNASSIGNED_VALUE}>{t('planner.unassigned')}</SelectItem>
                      {people.map((p) => (
                        <SelectItem key={p.userId} value={p.userId}>
                          {personName(p, p.userId, t)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </li>
              ))}
            </ul>
          </DialogContent>
        )}
      </Dialog>
    </Screen>
  );
}

/** Radix Select items cannot have an empty value. */
const UNASSIGNED_VALUE = '__unassigned__';
