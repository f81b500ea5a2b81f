import './strings.ts';
import { type Actor, type Payments, Schedule, Visits } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { AlertTriangle, CalendarCheck } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/screen';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { businessToday, mondayOf } from '../../lib/dates';
import { money } from '../../lib/format';
import { useItems } from '../../lib/schedule';
import { useEntityList } from '../../lib/sync/hooks';
import { monthOf, revenueByDay } from './revenue';

const RevenueChart = lazy(() => import('./revenue-chart'));
const EMPTY: never[] = [];
const NO_GROUPS: ReadonlyMap<string, readonly Visits.StoredVisit[]> = new Map();

/**
 * `dashboard`: today's work (visits, value, done), the overdue count, and invoiced revenue this
 * week and this month as bar charts (the charts load on their own, after the figures).
 */
export function DashboardScreen(_: { actor: Actor }) {
  const { t, i18n } = useTranslation();
  const today = useMemo(businessToday, []);
  const data = useItems(today, today);
  const { items, jobs, visitRecords, byJob, defaultDuration, loading } = data;
  // The overdue count walks a year of every job (about 10 ms of CPU on a town's data, more on a
  // slow phone): it renders after the rest has painted, from deferred copies of the lists (all
  // three change together in the deferred render, so the grouping matches the visits).
  const lateJobs = useDeferredValue(jobs, EMPTY);
  const lateRecords = useDeferredValue(visitRecords, EMPTY);
  const lateByJob = useDeferredValue(byJob, NO_GROUPS);
  const overdueReady = lateJobs === jobs && lateRecords === visitRecords;
  const overdue = useMemo(
    () =>
      Visits.overdue({
        jobs: lateJobs,
        visitRecords: lateRecords,
        byJob: lateByJob,
        today,
        defaultDuration,
      }).length,
    [lateJobs, lateRecords, lateByJob, today, defaultDuration],
  );
  const transactions = useEntityList<Payments.Transaction>('transaction');
  const fmt = (n: number) => money(n, i18n.language);
  // One formatter for every axis label (an Intl formatter is slow to create).
  const shortFormat = useMemo(
    () =>
      new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 }),
    [i18n.language],
  );
  const short = (n: number) => shortFormat.format(n);

  const week = useMemo(() => {
    const from = mondayOf(today);
    const byDay = revenueByDay(transactions, from, Schedule.addDays(from, 6));
    return [...byDay].map(([d, value]) => ({
      label: new Date(`${d}T00:00:00Z`).toLocaleDateString(i18n.language, {
        weekday: 'short',
        timeZone: 'UTC',
      }),
      value,
    }));
  }, [transactions, today, i18n.language]);
  const month = useMemo(() => {
    const { from, to } = monthOf(today);
    return [...revenueByDay(transactions, from, to)].map(([d, value]) => ({
      label: String(Number(d.slice(8))),
      value,
    }));
  }, [transactions, today]);
  const sum = (points: { value: number }[]) => points.reduce((s, p) => s + p.value, 0);
  const done = items.filter((i) => i.status === Visits.VisitStatus.Done).length;
  const value = items.reduce((s, i) => s + (i.status === Visits.VisitStatus.Skipped ? 0 : i.price), 0);

  return (
    <Screen title={t('route.dashboard')} wide>
      <div className="mx-auto grid max-w-6xl gap-4 desktop:grid-cols-2">
        <Tile
          testId="dashboard-today"
          title={t('dashboard.today')}
          value={loading ? undefined : t('schedule.total-visits', { count: items.length })}
          text={t('dashboard.today-text', { value: fmt(value), done, count: items.length })}
          link={
            <Link
              to="/schedule/{-$date}/{-$scheduleItemId}"
              params={{}}
              className="text-sm text-primary underline-offset-4 hover:underline"
            >
              {t('dashboard.open-schedule')}
            </Link>
          }
          icon={<CalendarCheck className="size-5 text-muted-foreground" aria-hidden />}
        />
        <Tile
          testId="dashboard-overdue"
          title={t('dashboard.overdue')}
          value={loading || !overdueReady ? undefined : t('schedule.total-visits', { count: overdue })}
          text={overdue ? t('dashboard.overdue-text') : t('dashboard.overdue-none')}
          link={
            <Link to="/overdue" className="text-sm text-primary underline-offset-4 hover:underline">
              {t('dashboard.open-overdue')}
            </Link>
          }
          icon={<AlertTriangle className="size-5 text-muted-foreground" aria-hidden />}
        />
        <ChartCard testId="dashboard-week" title={t('dashboard.revenue-week')} total={fmt(sum(week))}>
          <RevenueChart
            data={week}
            format={short}
            label={t('dashboard.revenue-week-chart', { total: fmt(sum(week)) })}
          />
        </ChartCard>
        <ChartCard testId="dashboard-month" title={t('dashboard.revenue-month')} total={fmt(sum(month))}>
          <RevenueChart
            data={month}
            format={short}
            label={t('dashboard.revenue-month-chart', { total: fmt(sum(month)) })}
          />
        </ChartCard>
      </div>
    </Screen>
  );
}

function Tile({
  title,
  value,
  text,
  link,
  icon,
  testId,
}: {
  title: string;
  value?: string;
  text: string;
  link: ReactNode;
  icon: ReactNode;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardDescription>{title}</CardDescription>
          <CardTitle className="text-2xl" data-testid={`${testId}-value`}>
            {value ?? <Skeleton className="h-8 w-24" />}
          </CardTitle>
        </div>
        {icon}
      </CardHeader>
      <CardContent className="grid gap-2">
        <p className="text-sm text-muted-foreground">{text}</p>
        {link}
      </CardContent>
    </Card>
  );
}

function ChartCard({
  title,
  total,
  testId,
  children,
}: {
  title: string;
  total: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardDescription>{title}</CardDescription>
        <CardTitle className="text-2xl" data-testid={`${testId}-total`}>
          {total}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Suspense fallback={<Skeleton className="h-48 w-full" />}>{children}</Suspense>
      </CardContent>
    </Card>
  );
}
