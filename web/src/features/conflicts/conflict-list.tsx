import './strings.ts';
import { Conflicts, Customers, CustomFields, Jobs, Visits } from '@roundwise/core';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { usePeople } from '../../lib/people';
import { useEntities } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { useValueText } from './value-text';

/** The name of a field on a notice (the shell's own strings: the notices show on every screen). */
function fieldKey(c: Conflicts.Conflict): string {
  // A visit's notes and price are its own, not the job's.
  if (c.entityType === 'visit' && (c.field === 'notes' || c.field === 'price'))
    return `conflicts.field.visit-${c.field}`;
  return `conflicts.field.${c.field}`;
}

/** One notice per change not kept: the field, whose it is, both values, and one tap to apply theirs. */
export function ConflictList({ conflicts }: { conflicts: Conflicts.Conflict[] }) {
  const { t } = useTranslation();
  const customers = useEntities<Customers.Customer>('customer');
  const people = usePeople(conflicts.map((c) => c.keptBy));
  const plain = useValueText(people);
  const values = useEntities<CustomFields.FieldValues>('fieldValues');
  const schemas = useEntities<CustomFields.FieldSchema>('fieldSchema');
  // A custom field's answer: its field is the item (by index) of the answers' collection.
  const itemOf = (c: Conflicts.Conflict) =>
    c.entityType === 'fieldValues' ? schemas[values[c.entityId]?.schemaId ?? '']?.items[c.field] : undefined;
  const text = (c: Conflicts.Conflict, value: unknown) => {
    const item = itemOf(c);
    if (!item || !value || typeof value !== 'object') return plain(c.field, value);
    const answer = value as CustomFields.Answer;
    const shown = answer.skipped
      ? t('conflicts.skipped')
      : Array.isArray(answer.value)
        ? answer.value
            .map((id) => item.settings.selectOptions.find((o) => o.id === id)?.label ?? id)
            .join(', ')
        : plain(c.field, answer.value);
    return answer.notes ? `${shown} (${answer.notes})` : shown;
  };
  const apply = useApplyTheirs(values);
  const dismiss = useCommand(Conflicts.dismiss);
  const onError = (e: unknown) => toast.error(errorText(t, e));
  return (
    <ul data-testid="conflict-notices" className="border-b">
      {conflicts.map((c) => {
        const field = itemOf(c)?.title ?? t(fieldKey(c), { defaultValue: c.field });
        const name = customers[c.customerId]?.name ?? t('conflicts.a-customer');
        const person = people.find((p) => p.userId === c.keptBy)?.name ?? t('conflicts.someone');
        return (
          <li
            key={c._id}
            role="alert"
            className="flex items-start gap-3 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium">{t('conflicts.title', { field, name })}</p>
              <p>{t('conflicts.explained', { person })}</p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3">
                <dt className="text-amber-800 dark:text-amber-200">{t('conflicts.yours')}</dt>
                <dd className="line-clamp-4 whitespace-pre-wrap break-words" data-testid="conflict-yours">
                  {text(c, c.yours)}
                </dd>
                <dt className="text-amber-800 dark:text-amber-200">{t('conflicts.kept')}</dt>
                <dd className="line-clamp-4 whitespace-pre-wrap break-words" data-testid="conflict-kept">
                  {text(c, c.kept)}
                </dd>
              </dl>
              <button
                type="button"
                className="mt-2 inline-flex h-8 items-center rounded-md border border-amber-700 px-3 font-medium hover:bg-amber-100 dark:hover:bg-amber-900"
                onClick={() => {
                  apply(c, onError);
                  dismiss.mutate({ _id: c._id }, { onError });
                  toast.success(t('conflicts.applied', { field }));
                }}
              >
                {t('conflicts.apply-mine')}
              </button>
            </div>
            <button
              type="button"
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-md hover:bg-amber-100 dark:hover:bg-amber-900"
              aria-label={t('conflicts.dismiss')}
              onClick={() => dismiss.mutate({ _id: c._id }, { onError })}
            >
              <X className="size-4" aria-hidden />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Theirs again: a new edit of the record's own area, made now (so later than the one that won),
 * from the value they were shown as kept.
 */
function useApplyTheirs(values: Record<string, CustomFields.FieldValues>) {
  const customer = useCommand(Customers.update);
  const fill = useCommand(CustomFields.fill);
  const job = useCommand(Jobs.update);
  const notes = useCommand(Visits.notes);
  const reprice = useCommand(Visits.reprice);
  const move = useCommand(Visits.move);
  const assign = useCommand(Visits.assign);
  return (c: Conflicts.Conflict, onError: (e: unknown) => void) => {
    const base = { [c.field]: c.kept ?? null };
    if (c.entityType === 'customer') {
      return customer.mutate({ _id: c.entityId, changes: { [c.field]: c.yours }, base }, { onError });
    }
    if (c.entityType === 'job') {
      return job.mutate({ _id: c.entityId, changes: { [c.field]: c.yours }, base }, { onError });
    }
    if (c.entityType === 'fieldValues') {
      const v = values[c.entityId];
      if (!v || !c.yours) return;
      const target = c.visit ? { visit: c.visit } : { targetObjectId: v.targetObjectId };
      return fill.mutate(
        {
          schemaId: v.schemaId,
          target: v.target,
          ...target,
          answers: { [c.field]: c.yours as CustomFields.Answer },
          base,
        },
        { onError },
      );
    }
    if (!c.visit) return;
    const ref = { ...c.visit, base };
    if (c.field === 'notes') notes.mutate({ ...ref, notes: String(c.yours ?? '') }, { onError });
    if (c.field === 'price') reprice.mutate({ ...ref, price: Number(c.yours) }, { onError });
    if (c.field === 'isoPlannedDate') move.mutate({ ...ref, isoPlannedDate: String(c.yours) }, { onError });
    if (c.field === 'assignees') assign.mutate({ ...ref, assignees: c.yours as string[] }, { onError });
  };
}
