import './strings.ts';
import { Tracker } from '@roundwise/core';
import { AlertTriangle } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { personName } from '../../lib/people';
import { clockOf, durationOf } from './duration';
import type { WorkerRow } from './use-tracker-day';

/**
 * The day grid (spec 002 section 2.10): a row per worker, the day's hours across with lines every
 * quarter hour (section 9); entries as bars, travel between them as bars of their own kind,
 * unbound events as marks, unrecorded jobs listed under the name.
 */
export const DayGrid = memo(function DayGrid({
  rows,
  day,
  startMinute,
  endMinute,
  zone,
  labelOf,
  onWorker,
  onEntry,
}: {
  rows: readonly WorkerRow[];
  day: string;
  startMinute: number;
  endMinute: number;
  zone: string;
  labelOf: (jobId: string) => string;
  onWorker: (userId: string) => void;
  onEntry: (entry: Tracker.TimeEntry) => void;
}) {
  const { t, i18n } = useTranslation();
  const from = Tracker.instantOf(day, startMinute, zone);
  const span = Tracker.instantOf(day, endMinute, zone) - from;
  const place = (a: number, b: number) => {
    const left = Math.max(0, (a - from) / span);
    const right = Math.min(1, (b - from) / span);
    return { left: `${left * 100}%`, width: `${Math.max(0.3, (right - left) * 100)}%` };
  };
  const inside = (a: number, b: number) => b >= from && a <= from + span;
  const hours: number[] = [];
  for (let m = Math.ceil(startMinute / 60) * 60; m < endMinute; m += 60) hours.push(m);
  const quarter = `${(15 * 60_000 * 100) / span}%`;
  return (
    <div className="overflow-x-auto rounded-lg border" data-testid="tracker-grid">
      <div className="min-w-[720px]">
        <div className="grid grid-cols-[10rem_1fr] border-b bg-muted/40 text-xs text-muted-foreground">
          <span className="px-2 py-1">{t('tracker.worker')}</span>
          <div className="relative h-6" aria-hidden>
            {hours.map((m) => (
              <span
                key={m}
                className="absolute top-1 -translate-x-1/2"
                style={{ left: `${((m - startMinute) / (endMinute - startMinute)) * 100}%` }}
              >
                {String(m / 60).padStart(2, '0')}:00
              </span>
            ))}
          </div>
        </div>
        <ul aria-label={t('tracker.grid')}>
          {rows.map((r) => {
            const name = personName(r.person, r.userId, t);
            return (
              <li
                key={r.userId}
                className="grid grid-cols-[10rem_1fr] border-b last:border-b-0"
                data-testid="tracker-row"
              >
                <div className="px-2 py-1">
                  <button
                    type="button"
                    className="truncate text-left text-sm font-medium underline-offset-2 hover:underline"
                    onClick={() => onWorker(r.userId)}
                  >
                    {name}
                  </button>
                  <div className="text-xs text-muted-foreground">{durationOf(r.recordedMs, t)}</div>
                  {r.unrecorded.length > 0 && (
                    <div className="text-xs text-amber-700 dark:text-amber-400" data-testid="unrecorded-jobs">
                      {t('tracker.unrecorded-jobs', { count: r.unrecorded.length })}
                    </div>
                  )}
                </div>
                <div
                  className="relative min-h-12"
                  style={{
                    backgroundImage: `repeating-linear-gradient(to right, var(--border) 0 1px, transparent 1px ${quarter})`,
                  }}
                >
                  {r.travel
                    .filter((g) => inside(g.from, g.to))
                    .map((g) => (
                      <span
                        key={`${g.from}`}
                        role="img"
                        data-testid="travel"
                        aria-label={t('tracker.travel-label', { name, time: durationOf(g.ms, t) })}
                        title={t(g.long ? 'tracker.travel-long' : 'tracker.travel', {
                          time: durationOf(g.ms, t),
                        })}
                        className={`absolute top-4 h-4 rounded-sm border border-dashed ${g.long ? 'border-amber-600 bg-amber-100 dark:bg-amber-950' : 'border-sky-600 bg-sky-100 dark:bg-sky-950'}`}
                        style={place(g.from, g.to)}
                      />
                    ))}
                  {r.entries
                    .filter((e) => inside(e.start, e.stop))
                    .map((e) => (
                      <button
                        type="button"
                        key={e.entryId}
                        data-testid="entry"
                        data-type={e.type}
                        onClick={() => onEntry(e)}
                        aria-label={t('tracker.entry-label', {
                          job: labelOf(e.jobId),
                          from: clockOf(e.start, i18n.language),
                          to: clockOf(e.stop, i18n.language),
                        })}
                        className={`absolute top-2 h-8 rounded-sm text-left ${e.type === 'running' ? 'animate-pulse bg-emerald-600' : e.review ? 'bg-amber-600' : 'bg-primary'}`}
                        style={place(e.start, e.stop)}
                      />
                    ))}
                  {r.unbound.map((e) => (
                    <span
                      key={e._id}
                      role="img"
                      data-testid="unbound"
                      aria-label={t(e.kind === 'start' ? 'tracker.unbound-start' : 'tracker.unbound-stop', {
                        time: clockOf(Date.parse(e.eventTimestamp), i18n.language),
                      })}
                      className="absolute top-0 -translate-x-1/2 text-destructive"
                      style={{ left: place(Date.parse(e.eventTimestamp), Date.parse(e.eventTimestamp)).left }}
                    >
                      <AlertTriangle className="size-4" aria-hidden />
                    </span>
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
});
