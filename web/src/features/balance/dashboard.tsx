import './strings.ts';
import { Balance } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { businessToday } from '../../lib/dates';
import { useMoney } from '../../lib/format';
import { groupTotal } from './accounts';
import { type Books, yearOf } from './use-books';

const PnlChart = lazy(() => import('./pnl-chart'));

/** The dashboard: what the business holds, is owed and owes, and this year's profit by month. */
export function Dashboard({ books }: { books: Books }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  // `|| 0`: a zero that is the negation of a sum is -0, which would show as -£0.00.
  const pounds = (pence: number) => money(pence / 100 || 0);
  const compact = new Intl.NumberFormat(i18n.language, {
    style: 'currency',
    currency: 'GBP',
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  const { from, to } = yearOf(books, businessToday());
  const year = { from, to };
  const pnl = useMemo(
    () => Balance.profitAndLossOf(books.pnlByDay, books.ledgers, { from, to }),
    [books, from, to],
  );
  const vatOwed = -groupTotal(books, 'vat');
  const figures = [
    { key: 'funds', label: t('balance.funds'), pence: groupTotal(books, 'funds'), to: 'fund-accounts' },
    {
      key: 'debtors',
      label: t('balance.debtors'),
      pence: groupTotal(books, 'debtors'),
      to: 'reports/aged-debtors',
    },
    {
      key: 'creditors',
      label: t('balance.creditors'),
      pence: -groupTotal(books, 'creditors'),
      to: 'accounts',
    },
    // VAT on sales less VAT reclaimed: owed to HMRC, or (more reclaimed than due) to be paid back.
    vatOwed >= 0
      ? { key: 'vat', label: t('balance.vat-owed'), pence: vatOwed, to: 'vat-returns' }
      : { key: 'vat', label: t('balance.vat-to-reclaim'), pence: -vatOwed, to: 'vat-returns' },
    { key: 'profit', label: t('balance.profit-this-year'), pence: pnl.profit, to: 'reports/profit-and-loss' },
  ];
  const data = pnl.months.map((m, i) => ({
    label: new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' }).format(
      new Date(`${m}-01T00:00:00Z`),
    ),
    income: pnl.incomeByMonth[i]! / 100,
    expenses: pnl.expensesByMonth[i]! / 100,
  }));
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-5" data-testid="balance-figures">
        {figures.map((f) => (
          <li key={f.key}>
            <Link
              to="/balance/$"
              params={{ _splat: f.to }}
              className="block h-full rounded-lg border bg-card p-3 hover:bg-accent"
            >
              <div className="text-xs text-muted-foreground">{f.label}</div>
              <div className="text-lg font-semibold tabular-nums" data-testid={`figure-${f.key}`}>
                {pounds(f.pence)}
              </div>
            </Link>
          </li>
        ))}
      </ul>
      <Card>
        <h2 className="mb-2 font-medium">
          {t('balance.income-and-expenses', { from: year.from.slice(0, 4), to: year.to.slice(0, 4) })}
        </h2>
        <Suspense fallback={<div className="h-56" />}>
          <PnlChart
            data={data}
            format={(n) => money(n)}
            formatTick={(n) => compact.format(n)}
            label={t('balance.chart-label')}
            names={{ income: t('balance.income'), expenses: t('balance.expenses') }}
          />
        </Suspense>
      </Card>
    </>
  );
}
