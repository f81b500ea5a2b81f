import './strings.ts';
import { CustomFields } from '@roundwise/core';
import { ClipboardCheck } from 'lucide-react';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useCommand } from '../../lib/commands/use-command';
import { useActor } from '../../lib/me';
import type { Visit } from '../../lib/schedule';
import { toast } from '../../lib/toast';
import { type Schema, useFieldsData, type Values } from './data';
import { AnswerText, CompleteFieldsDialog, type FillTarget } from './fill-dialog';
import { type PendingPhoto, usePendingPhotos } from './photo-field';
import { ProgressChip } from './progress-chip';

const COMPLETION = 'job-occurrence-completion';

const fillTargetOf = (item: Visit): FillTarget => {
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
        .filter(
          (s) =>
            s.required &&
            !CustomFields.isComplete(
              s,
              data.values.find((v) => v._id === CustomFields.valuesId(s._id, target))?.values,
            ),
        );
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
        <VisitFieldsPanel
          item={item}
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

function VisitFieldsPanel({
  item,
  schemas,
  values,
  open,
  onOpenChange,
}: {
  item: Visit;
  schemas: Schema[];
  values: Values[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const me = useActor().userId;
  const fill = fillTargetOf(item);
  const recordOf = (s: Schema) =>
    values.find((v) => v._id === CustomFields.valuesId(s._id, fill.targetObjectId));
  const answersOf = (s: Schema) => recordOf(s)?.values;
  const fillCommand = useCommand(CustomFields.fill);
  // New each render; `usePendingPhotos` starts each photo once.
  const pending: PendingPhoto[] = schemas.flatMap((s) => {
    const record = recordOf(s);
    return CustomFields.activeItems(s).flatMap(([i, it]) => {
      const answer = record?.values[i];
      const value = answer?.value;
      if (it.type !== 'attachment' || typeof value !== 'string' || !CustomFields.isPhotoData(value))
        return [];
      if (record?._edits?.[i]?.by !== me) return [];
      return [
        {
          key: `${record._id}.${i}.${value.length}`,
          dataUrl: value,
          related: fill.related,
          replace: (id: string) =>
            fillCommand.mutate({
              schemaId: s._id,
              target: fill.target,
              visit: fill.visit,
              answers: { [i]: { ...answer, value: id } },
              base: { [i]: answer },
            }),
        },
      ];
    });
  });
  usePendingPhotos(pending);
  return (
    <section className="mt-4 grid gap-3 rounded-lg border p-3" aria-label={t('custom-fields.visit-fields')}>
      <div className="flex items-center gap-2">
        <h3 className="flex-1 font-medium">{t('custom-fields.visit-fields')}</h3>
        <Button variant="outline" size="sm" onClick={() => onOpenChange(true)}>
          <ClipboardCheck aria-hidden />
          {t('custom-fields.complete-fields')}
        </Button>
      </div>
      {schemas.map((s) => {
        const answers = answersOf(s);
        return (
          <div key={s._id} className="grid gap-2" data-testid="visit-field-collection">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">{s.title}</span>
              {s.required && <Badge variant="outline">{t('custom-fields.required')}</Badge>}
              <ProgressChip schema={s} values={answers} />
            </div>
            {answers && (
              <dl className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                {CustomFields.activeItems(s)
                  .filter(([i]) => answers[i])
                  .map(([i, it]) => (
                    <div key={i} className="contents">
                      <dt className="text-muted-foreground">{it.title}</dt>
                      <dd>
                        <AnswerText item={it} answer={answers[i]!} rich />
                      </dd>
                    </div>
                  ))}
              </dl>
            )}
          </div>
        );
      })}
      <CompleteFieldsDialog
        open={open}
        onOpenChange={onOpenChange}
        schemas={schemas}
        values={values}
        fill={fill}
      />
    </section>
  );
}
