import './strings.ts';
import {
  type Actor,
  type Customers,
  canNavigate,
  Insights,
  type Payments,
  type Rounds,
  Schedule,
  type Visits,
} from '@roundwise/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { Screen } from '../../components/screen';
import { businessToday } from '../../lib/dates';
import { errorText } from '../../lib/errors';
import { useMoney } from '../../lib/format';
import { answer, api } from '../../lib/http';
import { useEntityList } from '../../lib/sync/hooks';

const InsightsChart = lazy(() => import('./insights-charts'));
const TABS = ['reports', 'customers', 'jobs', 'financials'] as const;
type Tab = (typeof TABS)[number];

/** The twelve months up to and including this one. */
function lastYear(): { from: string; to: string } {
  const today = businessToday();
  const { year, month } = Schedule.partsOf(today);
  const start = new Date(Date.UTC(year, month - 11, 1)).toISOString().slice(0, 10);
  const end = `${today.slice(0, 8)}${String(Schedule.daysInMonth(year, month)).padStart(2, '0')}`;
  return { from: start, to: end };
}

interface Figures {
  customers: Insights.CustomerMonth[];
  jobs: Insights.JobMonth[];
  rounds: (Insights.RoundRevenue & { name: string })[];
}

/**
 * `insights/{tab}`: the reports tab (Owner, Admin, Reporting) is asked of the server, so the
 * Reporting role's device holds no records; the customers, jobs and financials tabs (Owner, Admin)
 * read the synced records, offline too. All for the last twelve months.
 */
export function InsightsScreen({ actor, tab: asked }: { actor: Actor; tab?: string }) {
  const { t } = useTranslation();
  const allowed = TABS.filter((x) => canNavigate(actor, 'insights', x).ok);
  const tab = (asked ?? 'reports') as Tab;
  const period = useMemo(lastYear, []);
  return (
    <Screen
      title={t('insights.title')}
      tabs={allowed.map((x) => ({
        to: x === 'reports' ? '/insights' : `/insights/${x}`,
        label: t(`insights.tab.${x}`),
      }))}
      wide
    >
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
        {!(TABS as readonly string[]).includes(tab) ? (
          <p className="py-16 text-center text-muted-foreground">{t('insights.no-such-tab')}</p>
        ) : tab === 'reports' ? (
          <ServerReports period={period} />
        ) : (
          <LocalTab tab={tab} period={period} />
        )}
      </div>
    </Screen>
  );
}

function ServerReports({ period }: { period: { from: string; to: string } }) {
  const { t } = useTranslation();
  const figures = useQuery({
    queryKey: ['insights', 'reports', period.from, period.to],
    queryFn: () => answer(api.insights.reports.$get({ query: period })),
  });
  if (figures.isPending)
    return <p className="py-16 text-center text-muted-foreground">{t('insights.loading')}</p>;
  if (figures.isError) {
    return (
      <p role="alert" className="py-16 text-center text-destructive">
        {errorText(t, figures.error)}
      </p>
    );
  }
  return <FigureCards figures={figures.data} show={['customers', 'jobs', 'rounds']} />;
}

function LocalTab({ tab, period }: { tab: Exclude<Tab, 'reports'>; period: { from: string; to: string } }) {
  const customers = useEntityList<Customers.Customer>('customer');
  const visits = useEntityList<Visits.VisitRecord>('visit');
  const transactions = useEntityList<Payments.Transaction>('transaction');
  const rounds = useEntityList<Rounds.Round>('round');
  const figures = useMemo((): Figures => {
    const names = new Map(rounds.map((r) => [r._id, r.description]));
    const revenue =
      tab === 'financials'
        ? Insights.revenueByRound(
            transactions,
            new Map(visits.map((v) => [v._id, v.rounds])),
            period,
            period.to,
          )
        : [];
    return {
      customers: tab === 'customers' ? Insights.customersByMonth(customers, period) : [],
      jobs: tab === 'jobs' ? Insights.jobsByMonth(visits, period) : [],
      rounds: revenue
        .map((r) => ({ ...r, name: names.get(r.roundId) ?? '' }))
        .sort((a, b) => b.invoiced - a.invoiced),
    };
  }, [tab, customers, visits, transactions, rounds, period]);
  return <FigureCards figures={figures} show={[tab === 'financials' ? 'rounds' : tab]} />;
}

function FigureCards({ figures, show }: { figures: Figures; show: ('customers' | 'jobs' | 'rounds')[] }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const month = (m: string) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
      new Date(`${m}-01T00:00:00Z`),
    );
  const percent = (rate: number) => new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(rate);
  const chart = (node: ReactNode) => <Suspense fallback={<div className="h-56" />}>{node}</Suspense>;
  return (
    <>
      {show.includes('customers') && (
        <Card data-testid="insights-customers">
          <h2 className="mb-2 font-medium">{t('insights.customers-gained-lost')}</h2>
          {chart(
            <InsightsChart
              label={t('insights.customers-gained-lost')}
              data={figures.customers.map((c) => ({ label: month(c.month), gained: c.gained, lost: c.lost }))}
              series={[
                { key: 'gained', name: t('insights.gained'), colour: '#16a34a' },
                { key: 'lost', name: t('insights.lost'), colour: '#dc2626' },
              ]}
            />,
          )}
          <p className="text-sm text-muted-foreground">
            {t('insights.customers-summary', {
              gained: figures.customers.reduce((s, c) => s + c.gained, 0),
              lost: figures.customers.reduce((s, c) => s + c.lost, 0),
            })}
          </p>
        </Card>
      )}
      {show.includes('jobs') && (
        <Card data-testid="insights-jobs">
          <h2 className="mb-2 font-medium">{t('insights.jobs-done-skipped')}</h2>
          {chart(
            <InsightsChart
              label={t('insights.jobs-done-skipped')}
              data={figures.jobs.map((j) => ({ label: month(j.month), done: j.done, skipped: j.skipped }))}
              series={[
                { key: 'done', name: t('insights.done'), colour: 'var(--color-primary, #4f46e5)' },
                { key: 'skipped', name: t('insights.skipped'), colour: '#f59e0b' },
              ]}
            />,
          )}
        </Card>
      )}
      {show.includes('rounds') && (
        <Card data-testid="insights-rounds">
          <h2 className="mb-2 font-medium">{t('insights.revenue-by-round')}</h2>
          {figures.rounds.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('insights.no-revenue')}</p>
          ) : (
            <>
              {chart(
                <InsightsChart
                  label={t('insights.revenue-by-round')}
                  format={(n) => money(n)}
                  formatTick={(n) =>
                    new Intl.NumberFormat(i18n.language, {
                      style: 'currency',
                      currency: 'GBP',
                      notation: 'compact',
                      maximumFractionDigits: 1,
                    }).format(n)
                  }
                  data={figures.rounds.map((r) => ({
                    label: r.name || t('insights.no-round'),
                    invoiced: r.invoiced / 100,
                    collected: r.collected / 100,
                  }))}
                  series={[
                    {
                      key: 'invoiced',
                      name: t('insights.invoiced'),
                      colour: 'var(--color-primary, #4f46e5)',
                    },
                    { key: 'collected', name: t('insights.collected'), colour: '#16a34a' },
                  ]}
                />,
              )}
              <table className="mt-2 w-full text-sm">
                <thead>
                  <tr className="text-left text-muted-foreground">
                    <th className="py-1 font-normal">{t('insights.round')}</th>
                    <th className="py-1 text-right font-normal">{t('insights.invoiced')}</th>
                    <th className="py-1 text-right font-normal">{t('insights.collection-rate')}</th>
                  </tr>
                </thead>
                <tbody>
                  {figures.rounds.map((r) => (
                    <tr key={r.roundId} className="border-t">
                      <th scope="row" className="py-1.5 text-left font-normal">
                        {r.name || t('insights.no-round')}
                      </th>
                      <td className="py-1.5 text-right tabular-nums">{money(r.invoiced / 100)}</td>
                      <td className="py-1.5 text-right tabular-nums">{percent(r.rate)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </Card>
      )}
    </>
  );
}
