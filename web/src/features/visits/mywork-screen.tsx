import './strings.ts';
import { type Actor, Schedule, Visits } from '@roundwise/core';
import { useNavigate } from '@tanstack/react-router';
import { Coffee } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateNav } from '../../components/date-nav';
import { Screen } from '../../components/screen';
import { businessToday } from '../../lib/dates';
import { money } from '../../lib/format';
import type { Visit } from '../../lib/schedule';
import { useDayVisits, VisitList } from './my-visits';

/**
 * `mywork`: the signed-in Worker's visits for today, or the day picked (`?date=`). `chip`: what
 * the route adds on each row (the custom fields' progress).
 */
export function MyWorkScreen({
  actor,
  date: dateParam,
  chip,
}: {
  actor: Actor;
  date?: string;
  chip?: (item: Visit) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const today = useMemo(businessToday, []);
  const date = dateParam && Schedule.isIsoDate(dateParam) ? dateParam : today;
  const data = useDayVisits(actor, date, { onlyMine: true });
  const done = data.items.filter((i) => i.status === Visits.VisitStatus.Done).length;
  const value = data.items.reduce((s, i) => s + (i.status === Visits.VisitStatus.Skipped ? 0 : i.price), 0);
  return (
    <Screen title={t('route.mywork')}>
      <div className="grid gap-3">
        <DateNav
          date={date}
          today={today}
          onChange={(d) => navigate({ to: '/mywork', search: { date: d === today ? undefined : d } })}
        />
        <p className="flex flex-wrap gap-x-4 text-sm text-muted-foreground" data-testid="day-totals">
          <span>{t('schedule.total-visits', { count: data.items.length })}</span>
          <span>{money(value, i18n.language)}</span>
          <span>{t('schedule.total-done', { done, count: data.items.length })}</span>
        </p>
        <VisitList
          actor={actor}
          items={data.items}
          data={data}
          loading={data.loading}
          onOpen={(item) => navigate({ to: '/mywork/$id', params: { id: item.id } })}
          chip={chip}
          empty={{ icon: Coffee, title: t('mywork.empty-title'), text: t('mywork.empty-text') }}
        />
      </div>
    </Screen>
  );
}
