import '../strings.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import widgetWords from '../../../../widgets/src/en-GB.json';
import { inputClass } from '../../../components/form';

const WORDS = widgetWords as Record<string, string>;
/** How many words a search lists at once: a search narrows, it does not page. */
const SHOWN = 8;

/**
 * The portal's own words, changed (`config.text`, spec 002 section 3): each widget word by its
 * key, the catalogue's text as the placeholder. Lists the words already changed, and those a
 * search finds by key or text.
 */
export function TextOverrides({
  value,
  onChange,
}: {
  value: Record<string, string>;
  onChange: (text: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = search.trim().toLowerCase();
  const found = q
    ? Object.keys(WORDS)
        .filter((k) => !(k in value) && (k.includes(q) || WORDS[k]!.toLowerCase().includes(q)))
        .slice(0, SHOWN)
    : [];
  const set = (key: string, text: string) => {
    const { [key]: _, ...rest } = value;
    onChange(text ? { ...rest, [key]: text } : rest);
  };
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-medium">{t('portal-settings.text-overrides')}</h3>
      <input
        type="search"
        className={inputClass}
        placeholder={t('portal-settings.text-search')}
        aria-label={t('portal-settings.text-search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <ul className="flex flex-col gap-2">
        {[...Object.keys(value), ...found].map((key) => (
          <li key={key} className="flex flex-col gap-1 text-sm">
            <label htmlFor={`text-${key}`} className="font-mono text-xs text-muted-foreground">
              {key}
            </label>
            <input
              id={`text-${key}`}
              className={inputClass}
              maxLength={2000}
              placeholder={WORDS[key] ?? ''}
              value={value[key] ?? ''}
              onChange={(e) => set(key, e.target.value)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
