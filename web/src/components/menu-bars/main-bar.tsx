import './strings.ts';
import { Link } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight, CloudUpload } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
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
      {tabs && tabs.length > 0 && <TabStrip tabs={tabs} label={t('menu.tabs')} />}
    </header>
  );
}

/**
 * The tabs scroll sideways when they do not fit (a phone): a fade and a chevron on each side that
 * has more, so hidden tabs are not a secret, and the current tab is scrolled into view.
 */
function TabStrip({ tabs, label }: { tabs: MainBarTab[]; label: string }) {
  const strip = useRef<HTMLElement>(null);
  const [more, setMore] = useState({ start: false, end: false });
  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    const measure = () =>
      setMore({
        start: el.scrollLeft > 1,
        end: el.scrollLeft + el.clientWidth < el.scrollWidth - 1,
      });
    el.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, []);
  const edge = 'pointer-events-none absolute inset-y-0 flex w-8 items-center text-muted-foreground';
  return (
    <div className="relative" data-more-start={more.start} data-more-end={more.end} data-testid="tab-strip">
      <nav ref={strip} aria-label={label} className="flex gap-1 overflow-x-auto px-3">
        {tabs.map((tab) => (
          <Link
            key={tab.to}
            to={tab.to}
            activeOptions={{ exact: true }}
            className="shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground"
            activeProps={{ className: 'border-primary! text-foreground!' }}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {more.start && (
        <span className={`${edge} left-0 justify-start bg-gradient-to-r from-background`} aria-hidden>
          <ChevronLeft className="size-4" />
        </span>
      )}
      {more.end && (
        <span className={`${edge} right-0 justify-end bg-gradient-to-l from-background`} aria-hidden>
          <ChevronRight className="size-4" />
        </span>
      )}
    </div>
  );
}
