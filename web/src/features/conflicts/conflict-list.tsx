import './strings.ts';
import { Conflicts, Customers, Jobs, Visits } from '@roundwise/core';
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
  const text = useValueText(people);
  const apply = useApplyTheirs();
  const dismiss = useCommand(Conflicts.dismiss);
  const onError = (e: unknown) => toast.error(errorText(t, e));
  return (
    <ul data-testid="conflict-notices" className="border-b">
      {conflicts.map((c) => {
        const field = t(fieldKey(c), { defaultValue: c.field });
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
                  {text(c.field, c.yours)}
                </dd>
                <dt className="text-amber-800 dark:text-amber-200">{t('conflicts.kept')}</dt>
                <dd className="line-clamp-4 whitespace-pre-wrap break-words" data-testid="conflict-kept">
                  {text(c.field, c.kept)}
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
function useApplyTheirs() {
  const customer = useCommand(Customers.update);
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
    if (!c.visit) return;
    const ref = { ...c.visit, base };
    if (c.field === 'notes') notes.mutate({ ...ref, notes: String(c.yours ?? '') }, { onError });
    if (c.field === 'price') reprice.mutate({ ...ref, price: Number(c.yours) }, { onError });
    if (c.field === 'isoPlannedDate') move.mutate({ ...ref, isoPlannedDate: String(c.yours) }, { onError });
    if (c.field === 'assignees') assign.mutate({ ...ref, assignees: c.yours as string[] }, { onError });
  };
}
