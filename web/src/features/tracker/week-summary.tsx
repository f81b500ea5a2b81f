import './strings.ts';
import type { Tracker } from '@roundwise/core';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { dayLabel } from '../../lib/format';
import { type Person, personName } from '../../lib/people';
import { durationOf } from './duration';

/** The weekly bar chart (Monday first), the day's recorded / unrecorded summary and the week's top three. */
export function WeekSummary({
  daily,
  top,
  people,
  day,
  totals,
}: {
  daily: { day: string; recordedMs: number; travelMs: number }[];
  top: Tracker.WorkerTotals[];
  people: Person[];
  day: string;
  totals: { recordedMs: number; travelMs: number; unrecordedJobs: number };
}) {
  const { t, i18n } = useTranslation();
  const most = Math.max(1, ...daily.map((d) => d.recordedMs + d.travelMs));
  return (
    <div className="grid gap-3 md:grid-cols-3">
      <Card className="p-3">
        <h2 className="mb-2 text-sm font-semibold">{t('tracker.week')}</h2>
        <ul className="flex h-28 items-end gap-1" aria-label={t('tracker.week')} data-testid="week-chart">
          {daily.map((d) => (
            <li key={d.day} className="flex flex-1 flex-col items-center gap-1">
              <div
                className="flex w-full flex-col justify-end"
                style={{ height: '5.5rem' }}
                role="img"
                aria-label={t('tracker.day-bar', {
                  day: dayLabel(d.day, i18n.language),
                  recorded: durationOf(d.recordedMs, t),
                  travel: durationOf(d.travelMs, t),
                })}
              >
                <div className="w-full bg-sky-400" style={{ height: `${(d.travelMs / most) * 100}%` }} />
                <div
                  className={`w-full ${d.day === day ? 'bg-primary' : 'bg-primary/60'}`}
                  style={{ height: `${(d.recordedMs / most) * 100}%` }}
                />
              </div>
              <span className="text-[10px] text-muted-foreground" aria-hidden>
                {new Date(`${d.day}T12:00:00Z`).toLocaleDateString(i18n.language, { weekday: 'short' })}
              </span>
            </li>
          ))}
        </ul>
      </Card>
      <Card className="p-3" data-testid="tracker-summary">
        <h2 className="mb-2 text-sm font-semibold">{t('tracker.summary')}</h2>
        <dl className="grid grid-cols-[1fr_auto] gap-1 text-sm">
          <dt>{t('tracker.recorded')}</dt>
          <dd data-testid="recorded-total">{durationOf(totals.recordedMs, t)}</dd>
          <dt>{t('tracker.unrecorded')}</dt>
          <dd data-testid="travel-total">{durationOf(totals.travelMs, t)}</dd>
          <dt>{t('tracker.unrecorded-jobs-title')}</dt>
          <dd>{totals.unrecordedJobs}</dd>
        </dl>
      </Card>
      <Card className="p-3">
        <h2 className="mb-2 text-sm font-semibold">{t('tracker.top-workers')}</h2>
        {top.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('tracker.no-time-this-week')}</p>
        ) : (
          <ol className="grid gap-1 text-sm" data-testid="top-workers">
            {top.map((w, i) => (
              <li key={w.assigneeId} className="flex justify-between gap-2">
                <span className="truncate">
                  {i + 1}.{' '}
                  {personName(
                    people.find((p) => p.userId === w.assigneeId),
                    w.assigneeId,
                    t,
                  )}
                </span>
                <span>{durationOf(w.recordedMs, t)}</span>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
