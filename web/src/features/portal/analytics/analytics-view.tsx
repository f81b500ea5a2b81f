import '../strings.ts';
import { Portal } from '@roundwise/core';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, inputClass } from '../../../components/form';
import { cn } from '../../../lib/utils';
import type { Analytics } from './get-analytics';
import { LeadsTable } from './leads-table';

/** The chart's chunk (recharts); the overview asks for it beside the data, not after it. */
export const loadChart = () => import('./analytics-chart');
const AnalyticsChart = lazy(loadChart);

/**
 * The analytics panel (spec 002 section 2.5 panel 3): the period picker, the four tiles with their
 * change on the period before, the time chart and the 'All Leads' table. Drawn from one answer of
 * the server, or from sample data in the teaser (`inert`: nothing to press under the overlay).
 */
export function AnalyticsView({
  data,
  period,
  onPeriod,
}: {
  data: Analytics;
  period: Portal.AnalyticsPeriod;
  onPeriod?: (period: Portal.AnalyticsPeriod) => void;
}) {
  const { t, i18n } = useTranslation();
  const pickerId = useId();
  const number = new Intl.NumberFormat(i18n.language);
  const tiles = [
    { key: 'page-views', tile: data.tiles.pageViews, text: number.format(data.tiles.pageViews.value) },
    { key: 'leads', tile: data.tiles.leads, text: number.format(data.tiles.leads.value) },
    { key: 'conversions', tile: data.tiles.conversions, text: number.format(data.tiles.conversions.value) },
    {
      key: 'conversion-rate',
      tile: data.tiles.conversionRate,
      text: `${data.tiles.conversionRate.value.toFixed(1)}%`,
    },
  ] as const;
  const label = barLabel(data.grouping, i18n.language);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{t('portal.analytics.title')}</h2>
        <div className="flex items-center gap-2">
          <label htmlFor={pickerId} className="text-sm text-muted-foreground">
            {t('portal.analytics.period')}
          </label>
          <select
            id={pickerId}
            className={cn(inputClass, 'w-auto')}
            value={period}
            onChange={(e) => onPeriod?.(e.target.value as Portal.AnalyticsPeriod)}
          >
            {Portal.AnalyticsPeriod.options.map((p) => (
              <option key={p} value={p}>
                {t(`portal.analytics.period.${p}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="analytics-tiles">
        {tiles.map(({ key, tile, text }) => (
          <li key={key}>
            <Card className="h-full" data-testid={`tile-${key}`}>
              <p className="text-sm text-muted-foreground">{t(`portal.analytics.${key}`)}</p>
              <p className="text-2xl font-semibold tabular-nums">{text}</p>
              <p className={`text-xs ${changeColour(tile.change)}`}>
                {t('portal.analytics.change', {
                  change:
                    tile.change === null
                      ? t('portal.percentage-change-not-available')
                      : `${tile.change > 0 ? '+' : ''}${tile.change.toFixed(1)}%`,
                })}
              </p>
            </Card>
          </li>
        ))}
      </ul>
      <Card>
        <Suspense fallback={<div className="h-64" />}>
          <AnalyticsChart
            label={t('portal.analytics.chart')}
            data={data.chart.map((b) => ({ ...b, label: label(b.label) }))}
            names={{
              pageViews: t('portal.analytics.page-views'),
              leads: t('portal.analytics.leads'),
              conversions: t('portal.analytics.conversions'),
            }}
          />
        </Suspense>
      </Card>
      <LeadsTable key={period} leads={data.leads} timeZone={data.timeZone} />
    </div>
  );
}

const changeColour = (change: number | null) =>
  change === null || change === 0
    ? 'text-muted-foreground'
    : change > 0
      ? 'text-green-700 dark:text-green-400'
      : 'text-red-700 dark:text-red-400';

/** A bar's label as the grouping reads: an hour, a day, a week's first day or a month. */
function barLabel(grouping: Portal.Grouping, language: string) {
  // The labels are the business's local dates already (core's `chartBuckets`): read as UTC.
  const utc = { timeZone: 'UTC' } as const;
  const day = new Intl.DateTimeFormat(language, { ...utc, weekday: 'short', day: 'numeric' });
  const week = new Intl.DateTimeFormat(language, { ...utc, day: 'numeric', month: 'short' });
  const month = new Intl.DateTimeFormat(language, { ...utc, month: 'short', year: '2-digit' });
  return (text: string) => {
    if (grouping === 'hour') return `${text.slice(11, 13)}:00`;
    if (grouping === 'month') return month.format(new Date(`${text}-01T00:00:00Z`));
    return (grouping === 'day' ? day : week).format(new Date(`${text}T00:00:00Z`));
  };
}
