import './strings.ts';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, barButton } from './bar';

/** Spec 000 section 2.2, context menu bar: a title for what is open, a way back and its actions. */
export function ContextMenuBar({
  title,
  onBack,
  children,
}: {
  title: ReactNode;
  onBack?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Bar label={t('menu.context')}>
      {onBack && (
        <button type="button" className={barButton} onClick={onBack} aria-label={t('menu.back')}>
          <ArrowLeft className="size-4" aria-hidden />
        </button>
      )}
      <span className="truncate font-medium">{title}</span>
      <div className="ml-auto flex items-center gap-1">{children}</div>
    </Bar>
  );
}
