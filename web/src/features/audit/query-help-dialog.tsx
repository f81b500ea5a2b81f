import './strings.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, secondaryButtonClass } from '../../components/form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';

/** 'Search Query System' (spec 001 section 2.5): two pages, Back, Next and Close. */
export function QueryHelpDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const rows =
    page === 0
      ? (['term', 'quoted', 'and', 'or', 'not', 'brackets'] as const)
      : (['date', 'range', 'before', 'after', 'combined'] as const);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setPage(0);
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('audit-screen.help-title')}</DialogTitle>
          <DialogDescription>
            {t(page === 0 ? 'audit-screen.help-page-1' : 'audit-screen.help-page-2')}
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {rows.map((row) => (
            <div key={row} className="contents">
              <dt>
                <code className="rounded bg-muted px-1.5 py-0.5">
                  {t(`audit-screen.help-${row}-example`)}
                </code>
              </dt>
              <dd className="text-muted-foreground">{t(`audit-screen.help-${row}`)}</dd>
            </div>
          ))}
        </dl>
        <DialogFooter>
          {page === 1 && (
            <button type="button" className={secondaryButtonClass} onClick={() => setPage(0)}>
              {t('audit-screen.back')}
            </button>
          )}
          {page === 0 ? (
            <button type="button" className={buttonClass} onClick={() => setPage(1)}>
              {t('audit-screen.next')}
            </button>
          ) : (
            <button type="button" className={buttonClass} onClick={() => onOpenChange(false)}>
              {t('audit-screen.close')}
            </button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
