import './strings.ts';
import { type Actor, Availability, Schedule } from '@roundwise/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { EmptyState } from '../../components/empty-state';
import { Screen } from '../../components/screen';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { businessToday, dayText } from '../../lib/dates';
import { errorText } from '../../lib/errors';
import { dayLabel, useMoney } from '../../lib/format';
import { answer, api } from '../../lib/http';
import { meQuery } from '../../lib/me';
import { personName, usePeople } from '../../lib/people';
import { useItems } from '../../lib/schedule';
import { useEntities } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { WorkerDialog } from './worker-dialog';

const hoursText = (h: number) => (Math.round(h * 100) / 100).toString();

/**
 * `availability/*` (spec 001 section 2.6): the ISO week, Monday to Sunday, of workers by day;
 * each cell the hours a worker is available against the hours their visits need (or the work's
 * value in pounds, by the account's setting), green when available meets required, red otherwise.
 */
export function AvailabilityScreen({
  actor,
  date,
  onDate,
}: {
  actor: Actor;
  date?: string;
  onDate: (d: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const week = useMemo(() => Availability.isoWeek(date ?? businessToday()), [date]);
  const { items, loading } = useItems(week[0]!, week[6]!);
  const records = useEntities<Availability.WorkerAvailability>('workerAvailability');
  const assigned = useMemo(() => [...new Set(items.flatMap((v) => v.assignees))], [items]);
  const people = usePeople(assigned);
  const workers = useMemo(
    () => people.filter((p) => p.isWorker || assigned.includes(p.userId) || records[p.userId]),
    [people, assigned, records],
  );
  const grid = useMemo(
    () =>
      Availability.availabilityWeek({
        day: week[0]!,
        workerIds: workers.map((w) => w.userId),
        records,
        visits: items,
      }),
    [week, workers, records, items],
  );
  const barType = actor.settings.availabilityBarType ?? 'hours';
  const canEdit = ['Owner', 'Admin', 'Planner'].some((r) => actor.roles.includes(r as 'Owner'));
  const [open, setOpen] = useState<string>();
  const client = useQueryClient();
  const setBarType = useMutation({
    mutationFn: (type: 'hours' | 'value') =>
      answer(api.account.$patch({ json: { settings: { availabilityBarType: type } } })),
    onSuccess: (me) => client.setQueryData(meQuery.queryKey, me),
    onError: (e) => toast.error(errorText(t, e)),
  });
  const opened = workers.find((w) => w.userId === open);
  return (
    <Screen
      title={t('route.availability')}
      actions={
        actor.roles.includes('Owner') && (
          <label className="flex items-center gap-2 text-sm">
            {t('availability.bar-type')}
            <select
              className="h-9 rounded-md border bg-background px-2"
              value={barType}
              onChange={(e) => setBarType.mutate(e.target.value as 'hours' | 'value')}
            >
              <option value="hours">{t('availability.hours')}</option>
              <option value="value">{t('availability.value')}</option>
            </select>
          </label>
        )
      }
    >
      <div className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            className="size-9"
            aria-label={t('availability.previous-week')}
            onClick={() => onDate(Schedule.addDays(week[0]!, -7))}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-9"
            aria-label={t('availability.next-week')}
            onClick={() => onDate(Schedule.addDays(week[0]!, 7))}
          >
            <ChevronRight aria-hidden />
          </Button>
          <h2 className="font-semibold" data-testid="week-title">
            {t('availability.week-of', { from: dayText(week[0]!), to: dayText(week[6]!) })}
          </h2>
          <DateField
            label={t('availability.pick-date')}
            className="ml-auto w-48 max-w-full"
            value={week[0]!}
            onChange={(iso) => Schedule.isIsoDate(iso) && onDate(iso)}
          />
        </div>
        {loading ? (
          <Skeleton className="h-64" />
        ) : workers.length === 0 ? (
          <EmptyState
            icon={Users}
            title={t('availability.no-workers')}
            text={t('availability.no-workers-text')}
          />
        ) : (
          <div className="overflow-x-auto rounded-lg border">
            <table className="w-full min-w-[720px] text-sm" data-testid="availability-week">
              <thead className="bg-muted/40">
                <tr>
                  <th className="px-2 py-1 text-left">{t('availability.worker')}</th>
                  {week.map((d) => (
                    <th key={d} className="px-1 py-1 font-medium">
                      {dayLabel(d, i18n.language)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {workers.map((w) => {
                  const name = personName(w, w.userId, t);
                  return (
                    <tr key={w.userId} className="border-t" data-testid="availability-row">
                      <th scope="row" className="px-2 py-1 text-left font-medium">
                        <button
                          type="button"
                          className="underline-offset-2 hover:underline"
                          onClick={() => setOpen(w.userId)}
                        >
                          {name}
                        </button>
                        {(records[w.userId]?.skills.length ?? 0) > 0 && (
                          <div className="truncate text-xs font-normal text-muted-foreground">
                            {records[w.userId]!.skills.join(', ')}
                          </div>
                        )}
                      </th>
                      {grid.get(w.userId)!.map((c) => {
                        const fill =
                          c.available > 0 ? Math.min(1, c.required / c.available) : c.required > 0 ? 1 : 0;
                        return (
                          <td key={c.day} className="p-1">
                            <div
                              data-testid="availability-cell"
                              data-ok={c.ok}
                              aria-label={t(c.ok ? 'availability.cell-ok' : 'availability.cell-over', {
                                name,
                                day: dayLabel(c.day, i18n.language, 'long'),
                                available: hoursText(c.available),
                                required: hoursText(c.required),
                              })}
                              role="img"
                              className={`rounded-md border px-2 py-1 text-center ${c.ok ? 'border-emerald-600 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100' : 'border-red-600 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100'}`}
                            >
                              <div className="font-medium">
                                {barType === 'value'
                                  ? money(c.value)
                                  : t('availability.hours-of', {
                                      required: hoursText(c.required),
                                      available: hoursText(c.available),
                                    })}
                              </div>
                              <div className="mt-1 h-1.5 rounded-full bg-background/60">
                                <div
                                  className={`h-full rounded-full ${c.ok ? 'bg-emerald-600' : 'bg-red-600'}`}
                                  style={{ width: `${fill * 100}%` }}
                                />
                              </div>
                            </div>
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {opened && (
        <WorkerDialog
          userId={opened.userId}
          name={personName(opened, opened.userId, t)}
          record={records[opened.userId]}
          week={week}
          canEdit={canEdit}
          onClose={() => setOpen(undefined)}
        />
      )}
    </Screen>
  );
}
