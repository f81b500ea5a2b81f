import type { Customers } from '@roundwise/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEntityList } from '../lib/sync/hooks';
import { inputClass } from './form';

const ROW = 48;
const collator = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });

/** Every word typed appears in the name, address or email. */
function matches(c: Customers.Customer, words: string[]): boolean {
  const hay = `${c.name} ${c.address.addressDescription} ${c.email ?? ''}`.toLowerCase();
  return words.every((w) => hay.includes(w));
}

/**
 * The customers a picker lists for `text`, by name: every word typed matches (inactive customers
 * too); with nothing typed, the active ones. Shared by the one-customer and the many-customer picker.
 */
export function useShownCustomers(text: string | undefined) {
  const customers = useEntityList<Customers.Customer>('customer');
  const shown = useMemo(() => {
    const words = (text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    return customers
      .filter((c) => (words.length ? matches(c, words) : c.state !== 'inactive'))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [customers, text]);
  return { customers, shown };
}

/** A customer's address on one line, as an option shows it under the name. */
export const oneLineAddress = (c: Customers.Customer) =>
  c.address.addressDescription.replace(/\s*\n\s*/g, ', ');

/**
 * Choosing one customer wherever a form needs one: a search box (an ARIA combobox) over a
 * virtualised list, so 2,000 customers are as quick to pick from as 20 (a plain select listed
 * every customer). Arrow keys move, Enter chooses, Escape closes; the chosen name stays in the box.
 */
export function CustomerPicker({
  id,
  value,
  onChange,
  invalid,
}: {
  /** The input's id, for the field's label. */
  id?: string;
  value: string | undefined;
  onChange: (customer: Customers.Customer) => void;
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState<string>();
  const { customers, shown } = useShownCustomers(text);
  const chosen = customers.find((c) => c._id === value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: open ? shown.length : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 6,
  });
  const choose = (c: Customers.Customer) => {
    onChange(c);
    setText(undefined);
    setOpen(false);
  };
  const move = (to: number) => {
    const next = Math.max(0, Math.min(shown.length - 1, to));
    setActive(next);
    virtualizer.scrollToIndex(next);
  };
  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <div className="relative">
      <input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={invalid || undefined}
        aria-activedescendant={open && shown.length ? optionId(active) : undefined}
        autoComplete="off"
        className={`${inputClass} [&::-webkit-search-cancel-button]:appearance-none`}
        placeholder={t('customers.picker-placeholder')}
        value={text ?? chosen?.name ?? ''}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') move(open ? active + 1 : 0);
          else if (e.key === 'ArrowUp') move(active - 1);
          else if (e.key === 'Enter' && open && shown[active]) choose(shown[active]);
          else if (e.key === 'Escape' && open) {
            // Closes the list, not the dialog around it.
            e.stopPropagation();
            setOpen(false);
          } else return;
          e.preventDefault();
        }}
      />
      {open && (
        <div
          ref={scroller}
          className="absolute inset-x-0 top-full z-10 mt-1 max-h-64 overflow-y-auto rounded-md border bg-popover text-popover-foreground shadow-md"
        >
          <p className="px-3 py-1.5 text-xs text-muted-foreground" aria-live="polite">
            {t('customers.count', { count: shown.length })}
          </p>
          <div
            id={listId}
            role="listbox"
            aria-label={t('customers.picker-label')}
            className="relative"
            style={{ height: virtualizer.getTotalSize() }}
          >
            {virtualizer.getVirtualItems().map((item) => {
              const c = shown[item.index]!;
              return (
                <div
                  key={c._id}
                  id={optionId(item.index)}
                  role="option"
                  aria-selected={c._id === value}
                  tabIndex={-1}
                  className={`absolute inset-x-0 top-0 flex cursor-pointer flex-col justify-center px-3 text-sm ${item.index === active ? 'bg-accent' : ''}`}
                  style={{ height: ROW, transform: `translateY(${item.start}px)` }}
                  // Chosen on press, before the input's blur closes the list; the keyboard
                  // chooses through the combobox (aria-activedescendant), as the pattern asks.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(c);
                  }}
                  onKeyDown={(e) => e.key === 'Enter' && choose(c)}
                >
                  <span className="truncate font-medium">{c.name}</span>
                  <span className="truncate text-xs text-muted-foreground">{oneLineAddress(c)}</span>
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}
