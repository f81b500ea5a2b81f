import './strings.ts';
import { CustomFields } from '@roundwise/core';
import { ClipboardCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useCommand } from '../../lib/commands/use-command';
import { useActor } from '../../lib/me';
import type { Schema, Values } from './data';
import { AnswerText, CompleteFieldsDialog, type FillTarget } from './fill-dialog';
import { type PendingPhoto, usePendingPhotos } from './photo-field';
import { ProgressChip } from './progress-chip';

/** The command's address of a record: a visit by its job and date, anything else by its id. */
export const addressOf = (fill: FillTarget) =>
  fill.visit ? { visit: fill.visit } : { targetObjectId: fill.targetObjectId };

/**
 * A record's custom fields where the record shows (a visit, a job, a customer, a member of staff):
 * each offered collection with its progress chip and its answers, and "Complete fields", which
 * opens the fill-in flow. `actions` adds buttons beside it (a job's own dialog).
 */
export function FieldsPanel({
  fill,
  schemas,
  values,
  open,
  onOpenChange,
  label,
  actions,
}: {
  fill: FillTarget;
  schemas: Schema[];
  values: Values[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The region's name (several panels may share a screen). */
  label?: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const recordOf = (s: Schema) =>
    values.find((v) => v._id === CustomFields.valuesId(s._id, fill.targetObjectId));
  usePendingPhotos(usePhotosToUpload(fill, schemas, recordOf));
  const name = label ?? t('custom-fields.visit-fields');
  return (
    <section className="mt-4 grid gap-3 rounded-lg border p-3" aria-label={name}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="flex-1 font-medium">{t('custom-fields.visit-fields')}</h3>
        {actions}
        <Button variant="outline" size="sm" onClick={() => onOpenChange(true)}>
          <ClipboardCheck aria-hidden />
          {t('custom-fields.complete-fields')}
        </Button>
      </div>
      {schemas.map((s) => {
        const answers = recordOf(s)?.values;
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

/**
 * Photos this person took with no signal, still held in the answers: once online they go to the
 * attachments store and the answer keeps the attachment's id (`usePendingPhotos` starts each once).
 */
function usePhotosToUpload(
  fill: FillTarget,
  schemas: Schema[],
  recordOf: (s: Schema) => Values | undefined,
): PendingPhoto[] {
  const me = useActor().userId;
  const fillCommand = useCommand(CustomFields.fill);
  return schemas.flatMap((s) => {
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
              ...addressOf(fill),
              answers: { [i]: { ...answer, value: id } },
              base: { [i]: answer },
            }),
        },
      ];
    });
  });
}
