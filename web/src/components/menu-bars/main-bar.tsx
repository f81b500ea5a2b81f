import { Link } from '@tanstack/react-router';
import { clsx } from 'clsx';
import { CloudUpload } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface MainBarTab {
  to: string;
  label: string;
}

/**
 * Spec 000 section 2.2, main bar: the screen's title, its tabs (links, so a tab has a URL), an
 * upload indicator while files are uploading, and the screen's actions. `start` holds the menu
 * button on mobile; `end` the alerts badge and other global buttons.
 */
export function MainBar({
  title,
  tabs,
  uploading = 0,
  start,
  actions,
  end,
}: {
  title: ReactNode;
  tabs?: MainBarTab[];
  uploading?: number;
  start?: ReactNode;
  actions?: ReactNode;
  end?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-20 border-b bg-background/95 backdrop-blur">
      <div className="flex h-14 items-center gap-2 px-3">
        {start}
        <h1 className="truncate text-lg font-semibold">{title}</h1>
        <div className="ml-auto flex items-center gap-1">
          {uploading > 0 && (
            <span role="status" className="flex items-center gap-1 text-xs text-muted-foreground">
              <CloudUpload className="size-4 animate-pulse" aria-hidden />
              {t('menu.uploading', { count: uploading })}
            </span>
          )}
          {actions}
          {end}
        </div>
      </div>
      {tabs && tabs.length > 0 && (
        <nav aria-label={t('menu.tabs')} className="flex gap-1 overflow-x-auto px-3">
          {tabs.map((tab) => (
            <Link
              key={tab.to}
              to={tab.to}
              activeOptions={{ exact: true }}
              className={clsx(
                'border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground',
              )}
              activeProps={{ className: 'border-primary! text-foreground!' }}
            >
              {tab.label}
            </Link>
          ))}
        </nav>
      )}
    </header>
  );
}
