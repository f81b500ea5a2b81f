import './strings.ts';
import { Schedule, Visits } from '@roundwise/core';
import { useNavigate } from '@tanstack/react-router';
import { PartyPopper } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Screen } from '../../components/screen';
import { Skeleton } from '../../components/ui/skeleton';
import { businessToday } from '../../lib/dates';
import { dayLabel, money } from '../../lib/format';
import { usePeople } from '../../lib/people';
import { useScheduleData, type Visit } from '../../lib/schedule';
import { useVisitActions } from './use-visit-actions';
import { VirtualList } from './virtual-list';
import { VisitDialog, type VisitDialogKind, type VisitDialogState } from './visit-dialogs';
import { VisitRow } from './visit-row';

/** `overdue`: not-done visits planned before today (the engine looks back 365 days), oldest first. */
export function OverdueScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const today = useMemo(businessToday, []);
  const { jobs, visitRecords, customers, rounds, roundNames, defaultDuration, loading } = useScheduleData();
  const items = useMemo(
    () => Visits.overdue({ jobs, visitRecords, today, defaultDuration, roundNames }),
    [jobs, visitRecords, today, defaultDuration, roundNames],
  );
  const actions = useVisitActions();
  const people = usePeople();
  const [dialog, setDialog] = useState<VisitDialogState>();
  const openDialog = useCallback(
    (kind: VisitDialogKind, item: Visit) =>
      setDialog({ kind, item, name: customers[item.customerId]?.name ?? '' }),
    [customers],
  );
  const open = useCallback(
    (item: Visit) =>
      navigate({
        to: '/schedule/{-$date}/{-$scheduleItemId}',
        params: { date: item.isoPlannedDate, scheduleItemId: item.id },
      }),
    [navigate],
  );
  const value = items.reduce((s, i) => s + i.price, 0);

  return (
    <Screen title={t('route.overdue')}>
      <p className="mb-3 text-sm text-muted-foreground" data-testid="overdue-totals">
        {t('schedule.overdue-summary', { count: items.length, value: money(value, i18n.language) })}
      </p>
      {loading ? (
        <Skeleton className="h-64" />
      ) : items.length === 0 ? (
        <EmptyState
          icon={PartyPopper}
          title={t('schedule.no-overdue-title')}
          text={t('schedule.no-overdue-text')}
        />
      ) : (
        <VirtualList
          label={t('route.overdue')}
          items={items}
          getKey={(i) => i.id}
          render={(item) => (
            <VisitRow
              item={item}
              customer={customers[item.customerId]}
              color={item.rounds[0] ? rounds[item.rounds[0]]?.color : undefined}
              canPlan
              actions={actions}
              onOpen={open}
              onDialog={openDialog}
              extra={t('schedule.planned-on', {
                date: dayLabel(item.isoPlannedDate, i18n.language),
                count: Schedule.daysBetween(item.isoPlannedDate, today),
              })}
            />
          )}
        />
      )}
      <VisitDialog state={dialog} onClose={() => setDialog(undefined)} actions={actions} people={people} />
    </Screen>
  );
}
