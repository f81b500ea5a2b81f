import './strings.ts';
import { type Entity, type Expenses, Schedule, Suppliers } from '@roundwise/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { Mail, Pencil, Phone, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, secondaryButtonClass } from '../../components/form';
import { Screen } from '../../components/screen';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { useCommand } from '../../lib/commands/use-command';
import { businessToday } from '../../lib/dates';
import { errorText } from '../../lib/errors';
import { dayLabel, useMoney } from '../../lib/format';
import { useEntity, useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';

/**
 * `suppliers/{id}`: notes, contacts and the recent transactions (spec 002 section 9: the last year,
 * 10 rows, grouped by day, newest first), with a link to all of them on the expenses screen.
 */
export function SupplierDetail({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const money = useMoney();
  const supplier = useEntity<Suppliers.Supplier>('supplier', id);
  const expenses = useEntityList<Expenses.Expense>('expense');
  const remove = useCommand(Suppliers.delete);
  const [confirming, setConfirming] = useState(false);
  const recent = useMemo(() => {
    const since = Schedule.addDays(businessToday(), -Suppliers.RECENT_DAYS);
    const rows = expenses
      .filter((e) => e.supplierId === id && e.date >= since)
      .sort((a, b) =>
        a.date === b.date ? b.createdDate.localeCompare(a.createdDate) : b.date.localeCompare(a.date),
      )
      .slice(0, Suppliers.RECENT_ROWS);
    const days = new Map<string, Entity<Expenses.Expense>[]>();
    for (const e of rows) days.set(e.date, [...(days.get(e.date) ?? []), e]);
    return [...days];
  }, [expenses, id]);
  if (!supplier) {
    return (
      <Screen title={t('supplier.title')}>
        <p className="py-16 text-center text-muted-foreground">{t('supplier.not-found')}</p>
      </Screen>
    );
  }
  const confirmRemove = () => {
    remove.mutate(
      { _id: id },
      { onError: (x) => toast.error(t('supplier.remove-failed'), { description: errorText(t, x) }) },
    );
    toast.success(t('supplier.removed'));
    void navigate({ to: '/suppliers/list' });
  };
  return (
    <Screen
      title={supplier.name}
      actions={
        <>
          <Link to="/suppliers/$id/edit" params={{ id }} className={secondaryButtonClass}>
            <Pencil className="size-4" aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('supplier.edit')}</span>
          </Link>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('supplier.remove')}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden />
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <Card>
          <h2 className="mb-1 font-medium">{t('supplier.notes')}</h2>
          <p className="whitespace-pre-wrap text-sm text-muted-foreground">
            {supplier.notes || t('supplier.no-notes')}
          </p>
        </Card>
        <Card>
          <h2 className="mb-2 font-medium">{t('supplier.contacts')}</h2>
          {supplier.contacts.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('supplier.no-contacts')}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {supplier.contacts.map((c) => (
                <li
                  key={`${c.name}-${c.email}-${c.phone}`}
                  className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm"
                >
                  <span className="font-medium">{c.name}</span>
                  {c.email && (
                    <a
                      className="inline-flex min-h-10 items-center gap-1 underline"
                      href={`mailto:${c.email}`}
                    >
                      <Mail className="size-4" aria-hidden />
                      {c.email}
                    </a>
                  )}
                  {c.phone && (
                    <a className="inline-flex min-h-10 items-center gap-1 underline" href={`tel:${c.phone}`}>
                      <Phone className="size-4" aria-hidden />
                      {c.phone}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card>
          <div className="mb-2 flex items-center justify-between gap-2">
            <h2 className="font-medium">{t('supplier.recent-transactions')}</h2>
            <Link to="/expenses" search={{ supplierId: id }} className="text-sm underline">
              {t('supplier.view-all')}
            </Link>
          </div>
          {recent.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('supplier.no-transactions')}</p>
          ) : (
            <div className="flex flex-col gap-3" data-testid="supplier-transactions">
              {recent.map(([day, rows]) => (
                <section key={day} aria-label={dayLabel(day, i18n.language, 'long')}>
                  <h3 className="text-xs font-medium uppercase text-muted-foreground">
                    {dayLabel(day, i18n.language)}
                  </h3>
                  <ul className="divide-y">
                    {rows.map((e) => (
                      <li key={e._id} className="flex justify-between gap-3 py-2 text-sm">
                        <span className="truncate">{e.notes || t('supplier.expense')}</span>
                        <span className="font-medium tabular-nums">{money(e.amount)}</span>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </Card>
      </div>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('supplier.remove-confirm')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('supplier.remove-description', { name: supplier.name })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('general.cancel')}</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={confirmRemove}>
              {t('supplier.remove')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Screen>
  );
}
