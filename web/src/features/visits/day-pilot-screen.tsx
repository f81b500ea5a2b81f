import './strings.ts';
import { type Actor, Visits } from '@roundwise/core';
import { useNavigate } from '@tanstack/react-router';
import { CircleCheckBig, Coffee } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/screen';
import { businessToday } from '../../lib/dates';
import { dayLabel } from '../../lib/format';
import type { Visit } from '../../lib/schedule';
import { useDayVisits, VisitList } from './my-visits';

export type DayPilotTab = 'not-done' | 'completed';

/**
 * `day-pilot/{tab?}`: today's work in two tabs, what is left and what is finished (done or
 * skipped). A Worker sees the visits assigned to them; an Owner sees the whole day.
 */
export function DayPilotScreen({
  actor,
  tab = 'not-done',
  chip,
}: {
  actor: Actor;
  tab?: DayPilotTab;
  /** What the route adds on each row (the custom fields' progress). */
  chip?: (item: Visit) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const today = useMemo(businessToday, []);
  const onlyMine = !actor.roles.includes('Owner');
  const data = useDayVisits(actor, today, { onlyMine });
  const left = data.items.filter((i) => i.status === Visits.VisitStatus.NotDone);
  const finished = data.items.filter((i) => i.status !== Visits.VisitStatus.NotDone);
  const shown = tab === 'completed' ? finished : left;
  return (
    <Screen
      title={t('route.day-pilot')}
      tabs={[
        { to: '/day-pilot/not-done', label: t('daypilot.tab-not-done', { count: left.length }) },
        { to: '/day-pilot/completed', label: t('daypilot.tab-completed', { count: finished.length }) },
      ]}
    >
      <div className="grid gap-3">
        <h2 className="font-semibold">{dayLabel(today, i18n.language, 'long')}</h2>
        <VisitList
          actor={actor}
          items={shown}
          data={data}
          loading={data.loading}
          chip={chip}
          onOpen={(item) =>
            onlyMine
              ? navigate({ to: '/mywork/$id', params: { id: item.id } })
              : navigate({
                  to: '/schedule/{-$date}/{-$scheduleItemId}',
                  params: { date: item.isoPlannedDate, scheduleItemId: item.id },
                })
          }
          empty={
            tab === 'completed'
              ? {
                  icon: Coffee,
                  title: t('daypilot.none-completed-title'),
                  text: t('daypilot.none-completed-text'),
                }
              : {
                  icon: CircleCheckBig,
                  title: t('daypilot.all-done-title'),
                  text: t('daypilot.all-done-text'),
                }
          }
        />
      </div>
    </Screen>
  );
}
