import './strings.ts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/** A list in pages of `size`, with previous and next. */
export function Paged<T extends { _id: string }>({
  items,
  size,
  empty,
  children,
}: {
  items: readonly T[];
  size: number;
  empty: string;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(page, pages - 1);
  const shown = items.slice(current * size, (current + 1) * size);
  return (
    <>
      <ul className="divide-y rounded-md border text-sm">
        {shown.map((item) => (
          <li key={item._id} className="px-3 py-1.5">
            {children(item)}
          </li>
        ))}
        {shown.length === 0 && <li className="px-3 py-3 text-muted-foreground">{empty}</li>}
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
    </>
  );
}
