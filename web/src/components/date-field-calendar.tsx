import { Schedule } from '@roundwise/core';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { businessToday } from '../lib/dates';
import { cn } from '../lib/utils';
import { Button } from './ui/button';
import { Popover, PopoverContent, PopoverTrigger } from './ui/popover';

/**
 * DateField's calendar: a month of days in a popover, keys to move (weeks start on Monday). Its own
 * chunk, loaded on the first press of the calendar button: the popover's code (radix, floating-ui)
 * is a fifth of the landing's JavaScript budget, and the day picker is on the landing.
 */
/** Any Monday: the calendar's column heads are the seven days from it. */
const A_MONDAY = '2026-11-23';

/** The same day of the month `by` months on, or the month's last day when it is shorter. */
function addMonths(iso: string, by: number): string {
  const { year, month, date } = Schedule.partsOf(iso);
  const m = month + by;
  const y = year + Math.floor(m / 12);
  const mm = ((m % 12) + 12) % 12;
  const d = Math.min(date, Schedule.daysInMonth(y, mm));
  return `${y}-${String(mm + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Where a key moves the calendar's focus from `iso` (weeks start on Monday), or undefined. */
function dayAfterKey(key: string, iso: string): string | undefined {
  const sinceMonday = (Schedule.weekdayOf(iso) + 6) % 7;
  if (key === 'ArrowLeft') return Schedule.addDays(iso, -1);
  if (key === 'ArrowRight') return Schedule.addDays(iso, 1);
  if (key === 'ArrowUp') return Schedule.addDays(iso, -7);
  if (key === 'ArrowDown') return Schedule.addDays(iso, 7);
  if (key === 'PageUp') return addMonths(iso, -1);
  if (key === 'PageDown') return addMonths(iso, 1);
  if (key === 'Home') return Schedule.addDays(iso, -sinceMonday);
  if (key === 'End') return Schedule.addDays(iso, 6 - sinceMonday);
  return undefined;
}

/** The calendar button and its month: arrow keys move a day or a week, Page Up/Down a month. */
export default function Calendar({
  label,
  value,
  onChoose,
}: {
  label: string;
  value: string;
  onChoose: (iso: string) => void;
}) {
  const { t, i18n } = useTranslation();
  // Loaded when the calendar button is first pressed (DateField): open at once.
  const [open, setOpen] = useState(true);
  const [focused, setFocused] = useState(value || businessToday());
  const grid = useRef<HTMLTableElement>(null);
  const formats = useMemo(
    () => ({
      month: new Intl.DateTimeFormat(i18n.language, { timeZone: 'UTC', month: 'long', year: 'numeric' }),
      day: new Intl.DateTimeFormat(i18n.language, {
        timeZone: 'UTC',
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }),
      weekday: new Intl.DateTimeFormat(i18n.language, { timeZone: 'UTC', weekday: 'short' }),
      weekdayLong: new Intl.DateTimeFormat(i18n.language, { timeZone: 'UTC', weekday: 'long' }),
    }),
    [i18n.language],
  );
  const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
  const { year, month } = Schedule.partsOf(focused);
  const first = `${year}-${String(month + 1).padStart(2, '0')}-01`;
  // Weeks start on Monday, as the planners show them.
  const lead = (Schedule.weekdayOf(first) + 6) % 7;
  const days = Schedule.daysInMonth(year, month);
  const cells: (string | undefined)[] = [
    ...Array.from({ length: lead }, () => undefined),
    ...Array.from({ length: days }, (_, i) => Schedule.addDays(first, i)),
  ];
  const weeks = Array.from({ length: Math.ceil(cells.length / 7) }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const today = businessToday();
  // Focus follows the keys onto the new day once it is drawn (the month may have changed under it).
  const keyMoved = useRef(false);
  const onKeyDown = (e: KeyboardEvent) => {
    const next = dayAfterKey(e.key, focused);
    if (next === undefined) return;
    e.preventDefault();
    if (!Schedule.isIsoDate(next)) return;
    keyMoved.current = true;
    setFocused(next);
  };
  useEffect(() => {
    if (!keyMoved.current) return;
    keyMoved.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        if (o) setFocused(value || today);
        setOpen(o);
      }}
    >
      <PopoverTrigger asChild>
        <Button type="button" variant="outline" size="icon" aria-label={t('date-field.calendar', { label })}>
          <CalendarDays aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        className="w-auto p-3"
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          grid.current?.querySelector<HTMLElement>(`[data-day="${focused}"]`)?.focus();
        }}
      >
        <div className="mb-2 flex items-center justify-between gap-2">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label={t('date-field.previous-month')}
            onClick={() => setFocused(addMonths(focused, -1))}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <p className="text-sm font-medium" aria-live="polite">
            {formats.month.format(utc(first))}
          </p>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label={t('date-field.next-month')}
            onClick={() => setFocused(addMonths(focused, 1))}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
        <table ref={grid} className="border-collapse text-center text-sm" onKeyDown={onKeyDown}>
          <caption className="sr-only">{formats.month.format(utc(first))}</caption>
          <thead>
            <tr>
              {Array.from({ length: 7 }, (_, i) => Schedule.addDays(A_MONDAY, i)).map((d) => (
                <th key={d} scope="col" className="size-9 font-normal text-muted-foreground">
                  <abbr title={formats.weekdayLong.format(utc(d))} className="no-underline">
                    {formats.weekday.format(utc(d)).slice(0, 2)}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.find(Boolean)}>
                {Array.from({ length: 7 }, (_, i) => week[i]).map((d, i) => (
                  <td key={d ?? `blank-${i}`} className="p-0">
                    {d && (
                      <button
                        type="button"
                        data-day={d}
                        tabIndex={d === focused ? 0 : -1}
                        aria-label={formats.day.format(utc(d))}
                        aria-pressed={d === value}
                        aria-current={d === today ? 'date' : undefined}
                        className={cn(
                          'size-9 rounded-md tabular-nums hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                          d === today && 'font-semibold underline',
                          d === value && 'bg-primary text-primary-foreground hover:bg-primary/90',
                        )}
                        onClick={() => {
                          onChoose(d);
                          setOpen(false);
                        }}
                      >
                        {Number(d.slice(8))}
                      </button>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </PopoverContent>
    </Popover>
  );
}
