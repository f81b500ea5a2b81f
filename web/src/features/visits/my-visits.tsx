import './strings.ts';
import type { Actor } from '@roundwise/core';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { usePeople } from '../../lib/people';
import { useItems, type Visit } from '../../lib/schedule';
import { useVisitActions } from './use-visit-actions';
import { VisitDialog, type VisitDialogKind, type VisitDialogState } from './visit-dialogs';
import { VisitRow } from './visit-row';

/**
 * The visits of one day a user works on: a Worker's own (assigned to them), or everyone's for an
 * Owner on the day pilot. Workers get done, skip, undo and notes; planning stays on the schedule.
 */
export function useDayVisits(actor: Actor, date: string, { onlyMine }: { onlyMine: boolean }) {
  const data = useItems(date, date);
  const items = useMemo(
    () => (onlyMine ? data.items.filter((i) => i.assignees.includes(actor.userId)) : data.items),
    [data.items, onlyMine, actor.userId],
  );
  return { ...data, items };
}

export function VisitList({
  actor,
  items,
  data,
  loading,
  onOpen,
  empty,
  chip,
}: {
  actor: Actor;
  items: Visit[];
  data: Pick<ReturnType<typeof useItems>, 'customers' | 'rounds'>;
  loading: boolean;
  onOpen: (item: Visit) => void;
  empty: { icon: LucideIcon; title: string; text: string };
  /** Another area's chip on each row (the route's: custom fields' progress). */
  chip?: (item: Visit) => ReactNode;
}) {
  const { t } = useTranslation();
  const actions = useVisitActions();
  const people = usePeople();
  const [dialog, setDialog] = useState<VisitDialogState>();
  const canPlan = ['Owner', 'Admin', 'Planner'].some((r) => actor.roles.includes(r as 'Owner'));
  const openDialog = useCallback(
    (kind: VisitDialogKind, item: Visit) =>
      setDialog({ kind, item, name: data.customers[item.customerId]?.name ?? '' }),
    [data.customers],
  );
  if (loading) return <Skeleton className="h-48" />;
  return (
    <>
      {items.length === 0 ? (
        <EmptyState icon={empty.icon} title={empty.title} text={empty.text} />
      ) : (
        <ul className="overflow-hidden rounded-lg border" aria-label={t('mywork.visits')}>
          {items.map((item) => (
            <li key={item.id}>
              <VisitRow
                item={item}
                customer={data.customers[item.customerId]}
                color={item.rounds[0] ? data.rounds[item.rounds[0]]?.color : undefined}
                canPlan={canPlan}
                actions={actions}
                onOpen={onOpen}
                onDialog={openDialog}
                chip={chip}
              />
            </li>
          ))}
        </ul>
      )}
      <VisitDialog state={dialog} onClose={() => setDialog(undefined)} actions={actions} people={people} />
    </>
  );
}
