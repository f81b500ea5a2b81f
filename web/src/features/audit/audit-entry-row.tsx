import './strings.ts';
import { ChevronDown, ChevronRight, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../lib/me';
import type { Entry } from './api/list-entries';
import { entrySentence } from './entry-sentence';

/** Spec 001 section 9: an entry is 60 px collapsed and 205 px expanded. */
export const COLLAPSED_HEIGHT = 60;
export const EXPANDED_HEIGHT = 205;

/** The spec's rule for 'Restore': an entry about a deleted customer that carries no summary. */
export const canRestore = (e: Entry) =>
  e.subject.resourceType === 'customer' && !e.actionDetailsSummary && e.restorable === true;

const when = (iso: string, language: string) =>
  new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * One entry: when, who, what (collapsed); expanded, the description field by field, with
 * 'Restore' for a deleted customer and, beyond the spec, each changed field of a customer, job or visit
 * set back to its earlier value with one tap.
 */
export function AuditEntryRow({
  entry,
  expanded,
  onToggle,
  onRestore,
  onRestoreValue,
  busy,
}: {
  entry: Entry;
  expanded: boolean;
  onToggle: () => void;
  onRestore: () => void;
  onRestoreValue: (id: string, field: string) => void;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const Chevron = expanded ? ChevronDown : ChevronRight;
  const me = useMe();
  const who = entry.createdBy === me.user.email ? me.user.name || t('audit.you') : entry.createdBy;
  const title = entrySentence(entry, who, t);
  const undoable = entry.changes.filter(
    (c) => c.op === 'update' && ['customer', 'job', 'visit'].includes(c.resourceType),
  );
  return (
    <div
      data-testid="audit-entry"
      className="flex flex-col border-b bg-card"
      style={{ height: expanded ? EXPANDED_HEIGHT : COLLAPSED_HEIGHT }}
    >
      <button
        type="button"
        aria-expanded={expanded}
        onClick={onToggle}
        className="flex h-[60px] w-full shrink-0 items-center gap-3 px-4 text-left hover:bg-accent"
      >
        <Chevron className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{title}</span>
          <span className="block truncate text-xs text-muted-foreground">
            {when(entry.timestamp, i18n.language)} · {entry.createdBy}
          </span>
        </span>
      </button>
      {expanded && (
        <div className="flex min-h-0 flex-1 gap-3 px-4 pb-3">
          <pre
            data-testid="audit-description"
            className="min-h-0 flex-1 overflow-auto whitespace-pre-wrap rounded bg-muted p-2 font-mono text-xs"
          >
            {entry.actionDetailsDescription}
          </pre>
          <div className="flex w-32 shrink-0 flex-col gap-1 overflow-auto sm:w-44">
            {canRestore(entry) && (
              <button
                type="button"
                disabled={busy}
                onClick={onRestore}
                className="inline-flex h-8 items-center gap-1.5 rounded-md bg-primary px-3 text-sm font-medium text-primary-foreground disabled:opacity-50"
              >
                <RotateCcw className="size-4" aria-hidden />
                {t('audit-screen.restore')}
              </button>
            )}
            {undoable.flatMap((c) =>
              c.fields.map((f) => (
                <button
                  key={`${c.id}.${f.field}`}
                  type="button"
                  disabled={busy}
                  onClick={() => onRestoreValue(c.id, f.field)}
                  className="inline-flex h-7 items-center rounded-md border px-2 text-left text-xs hover:bg-accent disabled:opacity-50"
                >
                  {t('audit-screen.restore-value', { field: f.field })}
                </button>
              )),
            )}
          </div>
        </div>
      )}
    </div>
  );
}
