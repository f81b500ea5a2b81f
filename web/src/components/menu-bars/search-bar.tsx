import './strings.ts';
import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, barButton } from './bar';

/** Spec 000 section 9: "Search bar debounce 750 ms". */
export const SEARCH_DEBOUNCE_MS = 750;

/**
 * Spec 000 section 2.2, search bar: reports the text 750 ms after the last keystroke (a screen
 * whose spec names another delay passes `debounceMs`: the audit log's 500 ms).
 */
export function SearchBar({
  value = '',
  onSearch,
  placeholder,
  debounceMs = SEARCH_DEBOUNCE_MS,
}: {
  value?: string;
  onSearch: (text: string) => void;
  placeholder?: string;
  debounceMs?: number;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => latest.current(text), debounceMs);
    return () => clearTimeout(timer);
  }, [text, debounceMs]);
  const label = placeholder ?? t('menu.search');
  return (
    <Bar label={t('menu.search')}>
      <Search className="size-4 text-muted-foreground" aria-hidden />
      <input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={label}
        aria-label={label}
        // One clear button: ours, not the browser's own beside it.
        className="h-9 min-w-0 flex-1 bg-transparent text-sm outline-none [&::-webkit-search-cancel-button]:appearance-none"
      />
      {text && (
        <button
          type="button"
          className={barButton}
          aria-label={t('menu.clear-search')}
          onClick={() => {
            setText('');
            onSearch('');
          }}
        >
          <X className="size-4" aria-hidden />
        </button>
      )}
    </Bar>
  );
}
