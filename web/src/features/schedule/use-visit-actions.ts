import { Occurrences } from '@roundwise/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import type { ScheduleItem } from '../../lib/schedule';
import { toast } from '../../lib/toast';

const refOf = (item: ScheduleItem): Occurrences.VisitRef => ({
  jobId: item.jobId,
  isoDueDate: item.isoDueDate,
});

/**
 * The schedule's commands for one visit. Each runs optimistically on the local cache (offline
 * too) and is queued for the server; a refusal (here or later from the server) is rolled back and
 * shown as a toast with the command's message.
 */
export function useVisitActions() {
  const { t } = useTranslation();
  const complete = useCommand(Occurrences.complete);
  const skip = useCommand(Occurrences.skip);
  const undo = useCommand(Occurrences.undo);
  const reprice = useCommand(Occurrences.reprice);
  const move = useCommand(Occurrences.move);
  const notes = useCommand(Occurrences.notes);
  const assign = useCommand(Occurrences.assign);
  const reorder = useCommand(Occurrences.reorder);
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
