import './strings.ts';
import { CustomFields } from '@roundwise/core';
import { type ReactNode, useCallback } from 'react';
import type { Visit } from '../../lib/schedule';
import { useFieldsData } from './data';
import { ProgressBadge } from './progress-chip';

/**
 * A visit list's completion chips: for each visit, the items answered of the collections offered
 * on it ('Complete' or 'n/m Completed'), none where nothing is offered. The function changes only
 * when the device's collections or answers do, so the list's rows re-render only then.
 */
export function useVisitChips(): (item: Visit) => ReactNode {
  const data = useFieldsData();
  return useCallback(
    (item: Visit) => {
      const offered = data.offeredOnVisit(item.jobId);
      if (offered.length === 0) return null;
      const target = CustomFields.visitTargetId(item);
      let done = 0;
      let total = 0;
      for (const s of offered) {
        const p = CustomFields.progress(s, data.valuesOf(s._id, target)?.values);
        done += p.done;
        total += p.total;
      }
      return <ProgressBadge done={done} total={total} />;
    },
    [data],
  );
}
