import './strings.ts';
import { Search } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPlace, type LngLat, type Place, type PlaceSuggestion, suggestPlaces } from '../../lib/places';
import { useOnline } from '../../lib/use-online';
import { inputClass } from '../form';

/**
 * Address or postcode search: suggestions as the user types (each keystroke asks at once; an
 * answer to an older keystroke is dropped), and the chosen one's address and coordinates handed
 * to the form. Needs the network; offline it says so and the form's other ways (typing
 * coordinates, the map) still work. Used wherever a location is set.
 */
export function AddressSearch({ onPick, near }: { onPick: (place: Place) => void; near?: LngLat }) {
  const { t } = useTranslation();
  const online = useOnline();
  const listId = useId();
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<PlaceSuggestion[]>([]);
  const [active, setActive] = useState(0);
  const [failed, setFailed] = useState(false);
  const asked = useRef(0);

  const ask = (value: string) => {
    setText(value);
    const n = ++asked.current;
    if (value.trim().length < 2) return setSuggestions([]);
    suggestPlaces(value, near).then(
      (found) => {
        if (n !== asked.current) return;
        setFailed(false);
        setSuggestions(found);
        setActive(0);
      },
      () => n === asked.current && setFailed(true),
    );
  };

  const choose = async (s: PlaceSuggestion) => {
    asked.current++;
    setSuggestions([]);
    setText(s.text);
    try {
      onPick(await getPlace(s.id));
    } catch {
      setFailed(true);
    }
  };

  const open = suggestions.length > 0;
  return (
    <div className="relative flex flex-col gap-1.5 text-sm">
      <label className="flex flex-col gap-1.5">
        <span className="font-medium">{t('places.search-label')}</span>
        <span className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <input
            type="search"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            autoComplete="off"
            className={`${inputClass} pl-8`}
            placeholder={t('places.search-placeholder')}
            value={text}
            disabled={!online}
            onChange={(e) => ask(e.target.value)}
            onKeyDown={(e) => {
              if (!open) return;
              if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, suggestions.length - 1));
              else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
              else if (e.key === 'Enter') void choose(suggestions[active] as PlaceSuggestion);
              else if (e.key === 'Escape') setSuggestions([]);
              else return;
              e.preventDefault();
            }}
          />
        </span>
      </label>
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label={t('places.suggestions')}
          className="absolute top-full right-0 left-0 z-50 mt-1 max-h-72 overflow-y-auto rounded-md border bg-popover p-1 shadow-md"
        >
          {suggestions.map((s, i) => (
            <div
              key={s.id}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className="cursor-pointer rounded px-2 py-2 aria-selected:bg-accent"
              onMouseEnter={() => setActive(i)}
              // Keeps the focus in the search box (the keys are read there).
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => void choose(s)}
              onKeyDown={(e) => e.key === 'Enter' && void choose(s)}
            >
              {s.text}
            </div>
          ))}
        </div>
      )}
      {!online ? (
        <span className="text-xs text-muted-foreground">{t('places.search-offline')}</span>
      ) : failed ? (
        <span role="alert" className="text-xs text-destructive">
          {t('places.search-failed')}
        </span>
      ) : null}
    </div>
  );
}
