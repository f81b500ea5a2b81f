import { Schedule } from '@roundwise/core';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { dayLabel } from '../lib/format';
import { DateField } from './date-field';
import { Button } from './ui/button';

/** Previous day, today, next day, and a date picker. */
export function DateNav({
  date,
  today,
  onChange,
}: {
  date: string;
  today: string;
  onChange: (iso: string) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="flex items-center gap-1">
        <Button
          variant="outline"
          size="icon"
          className="size-9"
          aria-label={t('schedule.previous-day')}
          onClick={() => onChange(Schedule.addDays(date, -1))}
        >
          <ChevronLeft aria-hidden />
        </Button>
        <Button variant="outline" className="h-9" disabled={date === today} onClick={() => onChange(today)}>
          {t('schedule.today')}
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-9"
          aria-label={t('schedule.next-day')}
          onClick={() => onChange(Schedule.addDays(date, 1))}
        >
          <ChevronRight aria-hidden />
        </Button>
      </div>
      <h2 className="order-first basis-full font-semibold text-lg" data-testid="day-title">
        {dayLabel(date, i18n.language, 'long')}
      </h2>
      <DateField
        label={t('schedule.pick-date')}
        className="ml-auto w-48 max-w-full"
        value={date}
        onChange={(iso) => {
          if (Schedule.isIsoDate(iso)) onChange(iso);
        }}
      />
    </div>
  );
}
