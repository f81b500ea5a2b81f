import './strings.ts';
import type { Actor } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, SearchX } from 'lucide-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Screen } from '../../components/screen';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { usePeople } from '../../lib/people';
import { findItem, useScheduleData, type Visit } from '../../lib/schedule';
import { DoorPhotos } from './door-photos';
import { useVisitActions } from './use-visit-actions';
import { VisitDetail } from './visit-detail';
import { VisitDialog, type VisitDialogKind, type VisitDialogState } from './visit-dialogs';
import { VisitTimer } from './visit-timer';

/**
 * `mywork/{id}`: one visit of "my work" with done, skip, undo and notes. The route adds what other
 * areas show on a visit (`fields`, below the photos) and may hold back marking it done
 * (`beforeComplete`, false: not now).
 */
export function MyWorkItemScreen({
  actor,
  id,
  fields,
  beforeComplete,
}: {
  actor: Actor;
  id: string;
  fields?: (item: Visit) => ReactNode;
  beforeComplete?: (item: Visit) => boolean;
}) {
  const { t } = useTranslation();
  const data = useScheduleData();
  const item = useMemo(() => findItem(id, data), [id, data]);
  const visitActions = useVisitActions();
  const actions = useMemo(
    () =>
      beforeComplete
        ? { ...visitActions, complete: (it: Visit) => beforeComplete(it) && visitActions.complete(it) }
        : visitActions,
    [visitActions, beforeComplete],
  );
  const people = usePeople(item?.assignees);
  const [dialog, setDialog] = useState<VisitDialogState>();
  const customer = item ? data.customers[item.customerId] : undefined;
  const openDialog = useCallback(
    (kind: VisitDialogKind, it: Visit) => setDialog({ kind, item: it, name: customer?.name ?? '' }),
    [customer],
  );
  const canPlan = ['Owner', 'Admin', 'Planner'].some((r) => actor.roles.includes(r as 'Owner'));
  return (
    <Screen
      title={t('route.mywork-item')}
      actions={
        <Button asChild variant="ghost" size="sm" className="h-9">
          <Link to="/mywork" search={{ date: item?.isoPlannedDate }}>
            <ArrowLeft aria-hidden />
            {t('mywork.back')}
          </Link>
        </Button>
      }
    >
      {data.loading ? (
        <Skeleton className="h-64" />
      ) : item ? (
        <div className="rounded-lg border p-4">
          <VisitDetail
            item={item}
            job={data.jobs.find((j) => j._id === item.jobId)}
            customer={customer}
            people={people}
            roundName={item.rounds[0] ? data.rounds[item.rounds[0]]?.description : undefined}
            canPlan={canPlan}
            actions={actions}
            onDialog={openDialog}
            timer={<VisitTimer actor={actor} item={item} />}
          />
          <DoorPhotos jobId={item.jobId} customerId={customer?._id} />
          {fields?.(item)}
        </div>
      ) : (
        <EmptyState icon={SearchX} title={t('mywork.not-found-title')} text={t('mywork.not-found-text')} />
      )}
      <VisitDialog state={dialog} onClose={() => setDialog(undefined)} actions={actions} people={people} />
    </Screen>
  );
}
