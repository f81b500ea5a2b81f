import './strings.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { matches, type Schema } from './data';

/** Page size of the enabled-schemas lists (spec 001 section 9). */
const PAGE = 10;

/** Collections to tick, 10 a page with a search (the global dialog and a job's dialog). */
export function SchemaPicker({
  schemas,
  enabled,
  onChange,
  describe,
}: {
  schemas: Schema[];
  enabled: string[];
  onChange: (enabled: string[]) => void;
  /** Shown after a title (a job's dialog lists collections of two kinds). */
  describe?: (s: Schema) => string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const found = schemas.filter((s) => matches(search, s.title, s.description));
  const pages = Math.max(1, Math.ceil(found.length / PAGE));
  const current = Math.min(page, pages - 1);
  const shown = found.slice(current * PAGE, current * PAGE + PAGE);
  return (
    <div className="grid gap-3">
      <Input
        type="search"
        aria-label={t('custom-fields.search')}
        placeholder={t('custom-fields.search')}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(0);
        }}
      />
      <ul className="grid gap-1">
        {shown.map((s) => (
          <li key={s._id}>
            {/* biome-ignore lint/a11y/noLabelWithoutControl: the checkbox is the child */}
            <label className="flex items-center gap-2 rounded p-2 text-sm hover:bg-accent">
              <Checkbox
                checked={enabled.includes(s._id)}
                onCheckedChange={(on) =>
                  onChange(on ? [...enabled, s._id] : enabled.filter((id) => id !== s._id))
                }
              />
              {s.title}
              {describe && <span className="text-muted-foreground">({describe(s)})</span>}
            </label>
          </li>
        ))}
        {shown.length === 0 && (
          <li className="text-sm text-muted-foreground">{t('custom-fields.no-schemas')}</li>
        )}
      </ul>
      {pages > 1 && (
        <div className="flex items-center justify-between text-sm">
          <Button variant="outline" size="sm" disabled={current === 0} onClick={() => setPage(current - 1)}>
            {t('custom-fields.previous')}
          </Button>
          <span>{t('custom-fields.page', { page: current + 1, pages })}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={current + 1 >= pages}
            onClick={() => setPage(current + 1)}
          >
            {t('custom-fields.next')}
          </Button>
        </div>
      )}
    </div>
  );
}
