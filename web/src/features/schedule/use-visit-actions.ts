import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/error-text';
import { toast } from '../../lib/toast';
import type { ScheduleItem } from './use-schedule-data';

type Ref = { jobId: string; isoDueDate: string };
const refOf = (item: ScheduleItem): Ref => ({ jobId: item.jobId, isoDueDate: item.isoDueDate });

/**
 * The schedule's commands for one visit. Each runs optimistically on the local cache (offline
 * too) and is queued for the server; a refusal (here or later from the server) is rolled back and
 * shown as a toast with the command's message.
 */
export function useVisitActions() {
  const { t } = useTranslation();
  const complete = useCommand<Ref>('occurrences.complete');
  const skip = useCommand<Ref & { reason: string }>('occurrences.skip');
  const undo = useCommand<Ref>('occurrences.undo');
  const reprice = useCommand<Ref & { price: number }>('occurrences.reprice');
  const move = useCommand<Ref & { isoPlannedDate: string }>('occurrences.move');
  const notes = useCommand<Ref & { notes: string }>('occurrences.notes');
  const assign = useCommand<Ref & { assignees: string[] }>('occurrences.assign');
  const reorder = useCommand<{ isoPlannedDate: string; visits: Ref[] }>('occurrences.reorder');
  return useMemo(() => {
    const onError = (error: unknown) => {
      toast.error(errorText(t, error));
    };
    return {
      complete: (item: ScheduleItem) => complete.mutate(refOf(item), { onError }),
      skip: (item: ScheduleItem, reason: string) => skip.mutate({ ...refOf(item), reason }, { onError }),
      undo: (item: ScheduleItem) => undo.mutate(refOf(item), { onError }),
      reprice: (item: ScheduleItem, price: number) => reprice.mutate({ ...refOf(item), price }, { onError }),
      move: (item: ScheduleItem, isoPlannedDate: string) =>
        move.mutate({ ...refOf(item), isoPlannedDate }, { onError }),
      notes: (item: ScheduleItem, text: string) => notes.mutate({ ...refOf(item), notes: text }, { onError }),
      assign: (item: ScheduleItem, assignees: string[]) =>
        assign.mutate({ ...refOf(item), assignees }, { onError }),
      reorder: (isoPlannedDate: string, items: readonly ScheduleItem[]) =>
        reorder.mutate({ isoPlannedDate, visits: items.map(refOf) }, { onError }),
    };
  }, [
    t,
    complete.mutate,
    skip.mutate,
    undo.mutate,
    reprice.mutate,
    move.mutate,
    notes.mutate,
    assign.mutate,
    reorder.mutate,
  ]);
}

export type VisitActions = ReturnType<typeof useVisitActions>;
