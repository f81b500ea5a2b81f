import './strings.ts';
import type { Customers } from '@roundwise/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../components/form';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';

/** Spec 002 section 9: the audience preview pages by 10. */
export const PREVIEW_PAGE = 10;

/**
 * A list of contacts with a count chip, a search over them and pages of 10: the audience editor's
 * preview (computed on the device from the filters as they are edited) and a campaign's contacts
 * (each with its Exclude button, `action`).
 */
export function AudiencePreview({
  contacts,
  title,
  action,
}: {
  contacts: readonly Customers.Customer[];
  title?: string;
  action?: (c: Customers.Customer) => ReactNode;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const found = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q === ''
      ? contacts
      : contacts.filter((c) =>
          `${c.name} ${c.email} ${c.address?.addressDescription ?? ''}`.toLowerCase().includes(q),
        );
  }, [contacts, query]);
  const pages = Math.max(1, Math.ceil(found.length / PREVIEW_PAGE));
  const current = Math.min(page, pages - 1);
  const shown = found.slice(current * PREVIEW_PAGE, (current + 1) * PREVIEW_PAGE);
  return (
    <section className="flex flex-col gap-2" aria-label={title ?? t('send.preview')}>
      <div className="flex items-center gap-2">
        <h2 className="font-medium">{title ?? t('send.preview')}</h2>
        <Badge data-testid="audience-count">{t('send.contacts-count', { count: contacts.length })}</Badge>
      </div>
      <input
        className={inputClass}
        placeholder={t('send.preview-search')}
        aria-label={t('send.preview-search')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setPage(0);
        }}
      />
      <ul className="divide-y rounded-md border" data-testid="audience-preview">
        {shown.map((c) => (
          <li key={c._id} className="flex items-center gap-2 px-3 py-2 text-sm">
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="font-medium">{c.name}</span>
              <span className="truncate text-muted-foreground">
                {[c.email, c.address?.addressDescription].filter(Boolean).join(' · ')}
              </span>
            </div>
            {action?.(c)}
          </li>
        ))}
        {shown.length === 0 && (
          <li className="px-3 py-4 text-sm text-muted-foreground">{t('send.preview-empty')}</li>
        )}
      </ul>
      {pages > 1 && (
        <div className="flex items-center justify-end gap-2 text-sm">
          <Button variant="outline" size="sm" disabled={current === 0} onClick={() => setPage(current - 1)}>
            {t('send.previous')}
          </Button>
          <span>{t('send.page-of', { page: current + 1, pages })}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={current >= pages - 1}
            onClick={() => setPage(current + 1)}
          >
            {t('send.next')}
          </Button>
        </div>
      )}
    </section>
  );
}
