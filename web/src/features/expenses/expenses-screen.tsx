import './strings.ts';
import { Balance, type ExpenseCategories, Expenses, type Suppliers } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight, Paperclip, Plus, Receipt, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Card, secondaryButtonClass } from '../../components/form';
import { ListBar } from '../../components/menu-bars/list-bar';
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
import { Dialog } from '../../components/ui/dialog';
import { useCommand } from '../../lib/commands/use-command';
import { businessToday } from '../../lib/dates';
import { errorText } from '../../lib/errors';
import { dayLabel, useMoney } from '../../lib/format';
import { useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { ExpenseForm } from './expense-form';

type Expense = Expenses.Expense;

/** The month after or before `YYYY-MM`. */
function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * `expenses` (Core; Owner, Admin): what was spent in a month, newest first, with the month's totals
 * by category (gross and the VAT in it); add, edit and remove through commands, so an expense
 * recorded offline is kept and sent once. `supplierId` narrows it to one supplier (a supplier's
 * "view all").
 */
export function ExpensesScreen({ supplierId, month: monthParam }: { supplierId?: string; month?: string }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const expenses = useEntityList<Expense>('expense');
  const suppliers = useEntityList<Suppliers.Supplier>('supplier');
  const categories = useEntityList<ExpenseCategories.ExpenseCategory>('expenseCategory');
  const [month, setMonth] = useState(monthParam ?? businessToday().slice(0, 7));
  const [editing, setEditing] = useState<Expense | 'new'>();
  const [removing, setRemoving] = useState<Expense>();
  const remove = useCommand(Expenses.delete);
  const supplierName = new Map(suppliers.map((s) => [s._id, s.name]));
  const categoryName = new Map(categories.map((c) => [c._id, c.description]));
  const shown = useMemo(
    () =>
      expenses
        .filter((e) => Expenses.monthOf(e.date) === month && (!supplierId || e.supplierId === supplierId))
        .sort((a, b) =>
          a.date === b.date ? b.createdDate.localeCompare(a.createdDate) : b.date.localeCompare(a.date),
        ),
    [expenses, month, supplierId],
  );
  const totals = [...Expenses.totalsByCategory(shown)].sort((a, b) => b[1].gross - a[1].gross);
  const total = totals.reduce((s, [, x]) => s + x.gross, 0);
  const vat = totals.reduce((s, [, x]) => s + x.vat, 0);
  const monthLabel = new Intl.DateTimeFormat(i18n.language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
  const pounds = (pence: number) => money(pence / 100);
  const add = (
    <button type="button" className={secondaryButtonClass} onClick={() => setEditing('new')}>
      <Plus className="size-4" aria-hidden />
      <span className="sr-only sm:not-sr-only">{t('expenses.add')}</span>
    </button>
  );
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate({ _id: removing._id }, { onError: (x) => toast.error(errorText(t, x)) });
    toast.success(t('expenses.removed'));
  };
  return (
    <Screen
      title={t('expenses.title')}
      actions={add}
      bars={
        <ListBar summary={t('expenses.count', { count: shown.length })}>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('expenses.previous-month')}
            onClick={() => setMonth(shiftMonth(month, -1))}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <span
            className="min-w-32 text-center text-sm font-medium"
            aria-live="polite"
            data-testid="expenses-month"
          >
            {monthLabel}
          </span>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('expenses.next-month')}
            onClick={() => setMonth(shiftMonth(month, 1))}
          >
            <ChevronRight aria-hidden />
          </Button>
        </ListBar>
      }
    >
      <div className="flex flex-col gap-4">
        {supplierId && (
          <div className="flex items-center gap-2 text-sm">
            <span>{t('expenses.for-supplier', { name: supplierName.get(supplierId) ?? '' })}</span>
            <Link to="/expenses" className="inline-flex min-h-10 items-center gap-1 underline">
              <X className="size-4" aria-hidden />
              {t('expenses.all-suppliers')}
            </Link>
          </div>
        )}
        {shown.length > 0 && (
          <Card data-testid="expense-totals">
            <h2 className="mb-2 font-medium">{t('expenses.totals', { month: monthLabel })}</h2>
            <table className="w-full text-sm">
              <thead className="sr-only">
                <tr>
                  <th>{t('expenses.category')}</th>
                  <th>{t('expenses.amount')}</th>
                  <th>{t('expenses.vat')}</th>
                </tr>
              </thead>
              <tbody>
                {totals.map(([id, x]) => (
                  <tr key={id} className="border-b last:border-0">
                    <td className="py-1.5">{categoryName.get(id) ?? Balance.FIXED.uncategorised.name}</td>
                    <td className="py-1.5 text-right tabular-nums">{pounds(x.gross)}</td>
                    <td className="py-1.5 pl-3 text-right text-muted-foreground tabular-nums">
                      {t('expenses.vat-of', { amount: pounds(x.vat) })}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="font-medium">
                  <td className="pt-2">{t('expenses.total')}</td>
                  <td className="pt-2 text-right tabular-nums">{pounds(total)}</td>
                  <td className="pt-2 pl-3 text-right text-muted-foreground tabular-nums">
                    {t('expenses.vat-of', { amount: pounds(vat) })}
                  </td>
                </tr>
              </tfoot>
            </table>
          </Card>
        )}
        {shown.length === 0 ? (
          <EmptyState
            icon={Receipt}
            title={t('expenses.empty', { month: monthLabel })}
            text={t('expenses.empty-text')}
          >
            {add}
          </EmptyState>
        ) : (
          <ul className="divide-y rounded-lg border" data-testid="expense-list">
            {shown.map((e) => (
              <li key={e._id} className="flex items-center gap-2">
                <button
                  type="button"
                  className="flex min-h-12 min-w-0 flex-1 items-center gap-3 px-4 py-2 text-left hover:bg-accent"
                  onClick={() => setEditing(e)}
                >
                  <div className="min-w-0 flex-1">
                    <div className="truncate font-medium">
                      {(e.supplierId && supplierName.get(e.supplierId)) || e.notes || t('expenses.expense')}
                    </div>
                    <div className="truncate text-sm text-muted-foreground">
                      {dayLabel(e.date, i18n.language)} ·{' '}
                      {(e.expenseCategoryId && categoryName.get(e.expenseCategoryId)) ||
                        t('expenses.uncategorised')}
                      {!e.paymentAccountId && ` · ${t('expenses.not-paid')}`}
                    </div>
                  </div>
                  {e.attachmentIds.length > 0 && (
                    <Paperclip
                      className="size-4 shrink-0 text-muted-foreground"
                      aria-label={t('expenses.has-receipt')}
                    />
                  )}
                  <div className="text-right">
                    <div className="font-medium tabular-nums">{money(e.amount)}</div>
                    {e.vatAmount > 0 && (
                      <div className="text-xs text-muted-foreground tabular-nums">
                        {t('expenses.vat-of', { amount: money(e.vatAmount) })}
                      </div>
                    )}
                  </div>
                </button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="mr-2"
                  aria-label={t('expenses.remove-named', {
                    date: dayLabel(e.date, i18n.language),
                    amount: money(e.amount),
                  })}
                  onClick={() => setRemoving(e)}
                >
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Dialog open={!!editing} onOpenChange={(open) => !open && setEditing(undefined)}>
        {editing && (
          <ExpenseForm
            key={editing === 'new' ? 'new' : editing._id}
            expense={editing === 'new' ? undefined : editing}
            defaultDate={month === businessToday().slice(0, 7) ? businessToday() : `${month}-01`}
            onDone={() => setEditing(undefined)}
          />
        )}
      </Dialog>
      <AlertDialog open={!!removing} onOpenChange={(open) => !open && setRemoving(undefined)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('expenses.remove-confirm')}</AlertDialogTitle>
            <AlertDialogDescription>{t('expenses.remove-description')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('general.cancel')}</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={confirmRemove}>
              {t('general.delete')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Screen>
  );
}
