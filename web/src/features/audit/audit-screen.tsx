import './strings.ts';
import { type Actor, Audit } from '@roundwise/core';
import { clsx } from 'clsx';
import { CircleHelp, FlaskConical, Terminal } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, barButton } from '../../components/menu-bars/bar';
import { SearchBar } from '../../components/menu-bars/search-bar';
import { Screen } from '../../components/screen';
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useWindowList } from '../../lib/use-window-list';
import { type Entry, useEntries } from './api/list-entries';
import { useAddTestEntries, useRestore } from './api/restore';
import { AuditEntryRow, COLLAPSED_HEIGHT, EXPANDED_HEIGHT } from './audit-entry-row';
import { QueryHelpDialog } from './query-help-dialog';

/** Spec 001 section 9: the audit search waits 500 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 500;

/** The query's own error, found on the device before anything is asked of the server. */
function queryError(query: string): Audit.QueryError | undefined {
  try {
    Audit.parseQuery(query);
    return undefined;
  } catch (error) {
    if (error instanceof Audit.QueryError) return error;
    throw error;
  }
}

/**
 * `audit/*` (spec 001 section 2.5): the account's log, newest first, 50 at a time and more on
 * scroll, searched with the query language (a wrong query is shown where it is wrong), filtered
 * by who; entries expand; a deleted customer's entry restores them. Online only: the log is not
 * kept on the device.
 */
export function AuditScreen({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [user, setUser] = useState('');
  const [help, setHelp] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const wrong = useMemo(() => queryError(query), [query]);
  const entries = useEntries(query, user, !wrong);
  const items = useMemo(() => entries.data?.pages.flatMap((p) => p.items) ?? [], [entries.data]);
  const first = entries.data?.pages[0];
  const people = useMemo(
    () => [...new Set([...items.map((e) => e.createdBy), ...(user ? [user] : [])])].sort(),
    [items, user],
  );
  const restore = useRestore();
  const addTests = useAddTestEntries();
  const onError = (e: unknown) => toast.error(errorText(t, e));

  return (
    <Screen
      title={t('audit-screen.title')}
      actions={
        <>
          <Button variant="ghost" size="sm" className="h-9" onClick={() => setHelp(true)}>
            <CircleHelp aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('audit-screen.help')}</span>
          </Button>
          {actor.developerMode && (
            <>
              <Button
                variant="outline"
                size="sm"
                className="h-9"
                onClick={() => console.log(items.find((e) => expanded.has(e.cursor)) ?? items[0])}
              >
                <Terminal aria-hidden />
                <span className="sr-only lg:not-sr-only">{t('audit-screen.log-entry')}</span>
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="h-9"
                disabled={addTests.isPending}
                onClick={() => addTests.mutate(undefined, { onError })}
              >
                <FlaskConical aria-hidden />
                <span className="sr-only lg:not-sr-only">{t('audit-screen.add-test-entries')}</span>
              </Button>
            </>
          )}
        </>
      }
      bars={
        <>
          <SearchBar
            onSearch={setQuery}
            placeholder={t('audit-screen.search')}
            debounceMs={SEARCH_DEBOUNCE_MS}
          />
          <Bar label={t('audit-screen.filter-user')}>
            <select
              aria-label={t('audit-screen.filter-user')}
              value={user}
              onChange={(e) => setUser(e.target.value)}
              className={clsx(barButton, 'max-w-64 bg-transparent')}
            >
              <option value="">{t('audit-screen.all-users')}</option>
              {people.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
            {first && !wrong && (
              <span className="ml-auto text-sm text-muted-foreground" data-testid="audit-total">
                {t(first.more ? 'audit-screen.total-more' : 'audit-screen.total', { count: first.total })}
              </span>
            )}
          </Bar>
        </>
      }
    >
      <QueryHelpDialog open={help} onOpenChange={setHelp} />
      {wrong ? (
        <QueryProblem query={query} error={wrong} />
      ) : entries.isError ? (
        <p role="alert" className="py-16 text-center text-muted-foreground">
          {errorText(t, entries.error)}
        </p>
      ) : entries.isPending ? (
        <p className="py-16 text-center text-muted-foreground">{t('audit-screen.loading')}</p>
      ) : items.length === 0 ? (
        <p className="py-16 text-center text-muted-foreground">{t('audit-screen.empty')}</p>
      ) : (
        <EntryList
          items={items}
          expanded={expanded}
          onToggle={(cursor) =>
            setExpanded((was) => {
              const next = new Set(was);
              if (!next.delete(cursor)) next.add(cursor);
              return next;
            })
          }
          more={
            entries.hasNextPage && !entries.isFetchingNextPage ? () => entries.fetchNextPage() : undefined
          }
          busy={restore.isPending}
          onRestore={(e) =>
            restore.mutate(
              { cursor: e.cursor },
              { onSuccess: () => toast.success(t('audit-screen.restored')), onError },
            )
          }
          onRestoreValue={(e, id, field) =>
            restore.mutate(
              { cursor: e.cursor, id, field },
              { onSuccess: () => toast.success(t('audit-screen.value-restored', { field })), onError },
            )
          }
        />
      )}
    </Screen>
  );
}

/** The query with the part that is wrong marked, and what is wrong with it. */
function QueryProblem({ query, error }: { query: string; error: Audit.QueryError }) {
  const { t } = useTranslation();
  const end = error.at + Math.max(error.length, 1);
  return (
    <div
      role="alert"
      data-testid="audit-query-error"
      className="mx-auto my-8 max-w-xl rounded-lg border border-red-300 p-4"
    >
      <p className="font-medium text-red-800 dark:text-red-300">{t(error.code)}</p>
      <p className="mt-2 whitespace-pre font-mono text-sm">
        {query.slice(0, error.at)}
        <mark className="rounded bg-red-200 px-0.5 text-red-950 underline decoration-wavy">
          {query.slice(error.at, end) || ' '}
        </mark>
        {query.slice(end)}
      </p>
    </div>
  );
}

function EntryList({
  items,
  expanded,
  onToggle,
  more,
  busy,
  onRestore,
  onRestoreValue,
}: {
  items: Entry[];
  expanded: ReadonlySet<string>;
  onToggle: (cursor: string) => void;
  more: (() => void) | undefined;
  busy: boolean;
  onRestore: (e: Entry) => void;
  onRestoreValue: (e: Entry, id: string, field: string) => void;
}) {
  const { t } = useTranslation();
  const { listRef, virtualizer, top } = useWindowList<HTMLUListElement>({
    count: items.length,
    estimateSize: (i) => (expanded.has(items[i]?.cursor ?? '') ? EXPANDED_HEIGHT : COLLAPSED_HEIGHT),
    getItemKey: (i) => items[i]?.cursor ?? i,
  });
  // Heights are known, not measured: a toggle asks the virtualiser to place the rows again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `expanded` is what changes the sizes.
  useEffect(() => virtualizer.measure(), [expanded, virtualizer]);
  const rows = virtualizer.getVirtualItems();
  const last = rows.at(-1)?.index ?? 0;
  useEffect(() => {
    if (more && last >= items.length - 10) more();
  }, [more, last, items.length]);
  return (
    <ul
      ref={listRef}
      aria-label={t('audit-screen.title')}
      data-testid="audit-list"
      className="relative overflow-hidden rounded-lg border"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {rows.map((row) => {
        const entry = items[row.index] as Entry;
        return (
          <li
            key={entry.cursor}
            className="absolute inset-x-0 top-0"
            style={{ transform: `translateY(${top(row)}px)` }}
          >
            <AuditEntryRow
              entry={entry}
              expanded={expanded.has(entry.cursor)}
              onToggle={() => onToggle(entry.cursor)}
              busy={busy}
              onRestore={() => onRestore(entry)}
              onRestoreValue={(id, field) => onRestoreValue(entry, id, field)}
            />
          </li>
        );
      })}
    </ul>
  );
}
