import './strings.ts';
import { ArrowDownUp, SlidersHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, barButton } from './bar';

export interface SortOption {
  value: string;
  label: string;
}

/** Spec 000 section 2.2, list bar: a summary, sort options and a view-options button. */
export function ListBar({
  summary,
  sortOptions,
  sort,
  onSort,
  onViewOptions,
  children,
}: {
  summary?: ReactNode;
  sortOptions?: SortOption[];
  sort?: string;
  onSort?: (value: string) => void;
  onViewOptions?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Bar label={t('menu.list')}>
      <span className="truncate text-muted-foreground">{summary}</span>
      <div className="ml-auto flex items-center gap-1">
        {children}
        {sortOptions && sortOptions.length > 0 && (
          <label className={barButton}>
            <ArrowDownUp className="size-4" aria-hidden />
            <span className="sr-only">{t('menu.sort')}</span>
            <select
              value={sort}
              onChange={(e) => onSort?.(e.target.value)}
              className="bg-transparent text-sm outline-none"
              aria-label={t('menu.sort')}
            >
              {sortOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        )}
        {onViewOptions && (
          <button
            type="button"
            className={barButton}
            onClick={onViewOptions}
            aria-label={t('menu.view-options')}
          >
            <SlidersHorizontal className="size-4" aria-hidden />
          </button>
        )}
      </div>
    </Bar>
  );
}
