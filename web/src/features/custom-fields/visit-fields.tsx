import './strings.ts';
import { CustomFields } from '@roundwise/core';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Visit } from '../../lib/schedule';
import { toast } from '../../lib/toast';
import { useFieldsData } from './data';
import { FieldsPanel } from './fields-panel';
import type { FillTarget } from './fill-dialog';

const COMPLETION = 'job-occurrence-completion';

const fillTargetOf = (item: Pick<Visit, 'jobId' | 'isoDueDate' | 'customerId'>): FillTarget => {
  const visit = { jobId: item.jobId, isoDueDate: item.isoDueDate };
  return {
    target: COMPLETION,
    visit,
    targetObjectId: CustomFields.visitTargetId(visit),
    related: [item.jobId, item.customerId],
  };
};

/**
 * Custom fields on a visit's screen: the collections enabled for visit completion, their answers,
 * and the fill-in flow. `beforeComplete` is asked when someone marks the visit done: while a
 * required collection is incomplete it opens the flow instead (the command would refuse anyway,
 * on the device and on the server).
 */
export function useVisitFields() {
  const data = useFieldsData();
  const [open, setOpen] = useState<Visit>();
  const { t } = useTranslation();
  const beforeComplete = useCallback(
    (item: Visit) => {
      const target = fillTargetOf(item).targetObjectId;
      const missing = data
        .offeredOnVisit(item.jobId)
        .filter((s) => s.required && !CustomFields.isComplete(s, data.valuesOf(s._id, target)?.values));
      if (missing.length === 0) return true;
      toast.error(t('custom-fields.required-fields-incomplete', { title: missing[0]!.title }));
      setOpen(item);
      return false;
    },
    [data, t],
  );
  const render = useCallback(
    (item: Visit): ReactNode => {
      const offered = data.offeredOnVisit(item.jobId);
      return offered.length === 0 ? null : (
        <FieldsPanel
          fill={fillTargetOf(item)}
          schemas={offered}
          values={data.values}
          open={open?.jobId === item.jobId && open.isoDueDate === item.isoDueDate}
          onOpenChange={(o) => setOpen(o ? item : undefined)}
        />
      );
    },
    [data, open],
  );
  return { beforeComplete, render };
}

/** A visit's custom fields as one component (the schedule's detail loads it on first use). */
export function VisitFields({ item }: { item: Visit }) {
  return useVisitFields().render(item);
}
