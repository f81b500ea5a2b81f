import type { Visits } from '@roundwise/core';
import * as VisitRefs from '@roundwise/core/visits/refs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import type { Visit } from '../../lib/schedule';
import { toast } from '../../lib/toast';

const refOf = (item: Visit): Visits.VisitRef => ({
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
  const complete = useCommand(VisitRefs.complete);
  const skip = useCommand(VisitRefs.skip);
  const undo = useCommand(VisitRefs.undo);
  const reprice = useCommand(VisitRefs.reprice);
  const move = useCommand(VisitRefs.move);
  const notes = useCommand(VisitRefs.notes);
  const assign = useCommand(VisitRefs.assign);
  const reorder = useCommand(VisitRefs.reorder);
  return useMemo(() => {
    const onError = (error: unknown) => {
      toast.error(errorText(t, error));
    };
    return {
      complete: (item: Visit) => complete.mutate(refOf(item), { onError }),
      skip: (item: Visit, reason: string) => skip.mutate({ ...refOf(item), reason }, { onError }),
      undo: (item: Visit) => undo.mutate(refOf(item), { onError }),
      // Each edit carries what the screen showed of the field (`base`): the server settles an
      // edit that meets someone else's from it (docs/sync.md, "Conflicting edits").
      reprice: (item: Visit, price: number) =>
        reprice.mutate({ ...refOf(item), price, base: { price: item.price } }, { onError }),
      move: (item: Visit, isoPlannedDate: string) =>
        move.mutate(
          { ...refOf(item), isoPlannedDate, base: { isoPlannedDate: item.isoPlannedDate } },
          { onError },
        ),
      notes: (item: Visit, text: string) =>
        notes.mutate({ ...refOf(item), notes: text, base: { notes: item.notes ?? null } }, { onError }),
      assign: (item: Visit, assignees: string[]) =>
        assign.mutate({ ...refOf(item), assignees, base: { assignees: item.assignees } }, { onError }),
      reorder: (isoPlannedDate: string, items: readonly Visit[]) =>
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
