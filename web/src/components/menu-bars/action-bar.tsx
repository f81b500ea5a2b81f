import './strings.ts';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, barButton } from './bar';

/** Spec 000 section 2.2, action bar: shown while items are selected, with the selection count. */
export function ActionBar({
  count,
  onClear,
  children,
}: {
  count: number;
  onClear: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <Bar label={t('menu.actions')} className="bg-primary text-primary-foreground">
      <button type="button" className={barButton} onClick={onClear} aria-label={t('menu.clear-selection')}>
        <X className="size-4" aria-hidden />
      </button>
      <span className="font-medium" data-testid="selection-count">
        {t('menu.selected', { count })}
      </span>
      <div className="ml-auto flex items-center gap-1">{children}</div>
    </Bar>
  );
}
