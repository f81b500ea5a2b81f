import { useVirtualizer } from '@tanstack/react-virtual';
import { Check, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/utils';
import { oneLineAddress, useShownCustomers } from './customer-picker';
import { inputClass } from './form';

const ROW = 52;
/** Chips drawn for the chosen; a bulk choice of hundreds says how many more instead. */
const CHIPS = 8;

/**
 * Choosing several customers: the customer picker's search over a virtualised list (2,000
 * customers as quick as 20), kept open as a multi-select listbox. Arrow keys move, Enter ticks or
 * unticks, Backspace in an empty search removes the last chosen; the chosen are chips above the
 * search, each with its own remove button. "Select all shown" ticks every match of the search.
 */
export function CustomerMultiPicker({
  value,
  onChange,
  label,
}: {
  /** The chosen customers' ids, in the order chosen. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** The search box's accessible name. */
  label: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { customers, shown } = useShownCustomers(text);
  const [active, setActive] = useState(0);
  const listId = useId();
  const chosen = new Set(value);
  const byId = new Map(customers.map((c) => [c._id, c]));
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 8,
  });
  const toggle = (id: string) => onChange(chosen.has(id) ? value.filter((v) => v !== id) : [...value, id]);
  const move = (to: number) => {
    const next = Math.max(0, Math.min(shown.length - 1, to));
    setActive(next);
    virtualizer.scrollToIndex(next);
  };
  const allShown = shown.length > 0 && shown.every((c) => chosen.has(c._id));
  const optionId = (index: number) => `${listId}-${index}`;
  const chips = value.slice(0, CHIPS).flatMap((id) => byId.get(id) ?? []);
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      {value.length > 0 && (
        <ul
          aria-label={t('customers.picker-chosen')}
          className="flex max-h-24 shrink-0 flex-wrap gap-1.5 overflow-y-auto"
        >
          {chips.map((c) => (
            <li
              key={c._id}
              className="flex max-w-full items-center gap-1 rounded-full border bg-secondary py-0.5 pr-1 pl-2.5 text-sm"
            >
              <span className="truncate">{c.name}</span>
              <button
                type="button"
                className="rounded-full p-1 hover:bg-accent focus-visible:outline-2"
                aria-label={t('customers.picker-remove', { name: c.name })}
                onClick={() => toggle(c._id)}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
          {value.length > chips.length && (
            <li className="self-center text-sm text-muted-foreground">
              {t('customers.picker-more', { count: value.length - chips.length })}
            </li>
          )}
        </ul>
      )}
      <input
        role="combobox"
        aria-label={label}
        aria-expanded
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown.length ? optionId(Math.min(active, shown.length - 1)) : undefined}
        autoComplete="off"
        className={cn(inputClass, 'shrink-0')}
        placeholder={t('customers.picker-placeholder')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') move(active + 1);
          else if (e.key === 'ArrowUp') move(active - 1);
          else if (e.key === 'Enter' && shown[active]) toggle(shown[active]._id);
          else if (e.key === 'Backspace' && text === '' && value.length > 0) onChange(value.slice(0, -1));
          else return;
          e.preventDefault();
        }}
      />
      <div className="flex shrink-0 items-center justify-between gap-2 px-1 text-sm">
        <span className="text-muted-foreground" aria-live="polite">
          {t('customers.count', { count: shown.length })}
        </span>
        <button
          type="button"
          className="rounded px-2 py-1 font-medium text-primary hover:bg-accent disabled:opacity-50"
          disabled={shown.length === 0}
          aria-pressed={allShown}
          onClick={() => {
            const ids = new Set(shown.map((c) => c._id));
            onChange(
              allShown
                ? value.filter((v) => !ids.has(v))
                : [...value, ...[...ids].filter((id) => !chosen.has(id))],
            );
          }}
        >
          {t('customers.picker-all-shown', { count: shown.length })}
        </button>
      </div>
      <div ref={scroller} className="min-h-40 flex-1 overflow-y-auto rounded-md border">
        <div
          id={listId}
          role="listbox"
          aria-multiselectable
          aria-label={t('customers.picker-label')}
          className="relative"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const c = shown[item.index]!;
            const on = chosen.has(c._id);
            return (
              <div
                key={c._id}
                id={optionId(item.index)}
                role="option"
                aria-selected={on}
                tabIndex={-1}
                className={cn(
                  'absolute inset-x-0 top-0 flex cursor-pointer items-center gap-3 border-b px-3 text-sm',
                  item.index === active && 'bg-accent',
                )}
                style={{ height: ROW, transform: `translateY(${item.start}px)` }}
                // Ticked on press, keeping the focus in the search (the keyboard ticks from there).
                onMouseDown={(e) => {
                  e.preventDefault();
                  setActive(item.index);
                  toggle(c._id);
                }}
                onKeyDown={(e) => e.key === 'Enter' && toggle(c._id)}
              >
                <span
                  aria-hidden
                  className={cn(
                    'flex size-4 shrink-0 items-center justify-center rounded-sm border border-primary',
                    on && 'bg-primary text-primary-foreground',
                  )}
                >
                  {on && <Check className="size-3.5" />}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{c.name}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {oneLineAddress(c) || c.email || '—'}
                  </span>
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
