import './strings.ts';
import { type Actor, canNavigate } from '@roundwise/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/screen';
import { businessToday } from '../../lib/dates';
import { AccountsView } from './accounts';
import { reportTable, vatTable } from './report-model';
import { PeriodPicker, ReportView } from './report-view';
import { useBooks, yearOf } from './use-books';

const TABS = ['default', 'balance-sheet', 'vat-return'] as const;

/**
 * `chart-of-accounts/{tab}` (Advanced; the balance sheet and VAT return tabs Ultimate): the
 * ledgers the books derive, with their balances, and the two statements read from them. It reads
 * the same projection as the balance, set up or not.
 */
export function ChartOfAccounts({ actor, tab = 'default' }: { actor: Actor; tab?: string }) {
  const { t, i18n } = useTranslation();
  const { books } = useBooks();
  const [period, setPeriod] = useState(() => yearOf(books, businessToday()));
  const tabs = TABS.filter((x) => canNavigate(actor, 'chart-of-accounts', x).ok).map((x) => ({
    to: x === 'default' ? '/chart-of-accounts' : `/chart-of-accounts/${x}`,
    label: t(`chart-of-accounts.tab.${x}`),
  }));
  const table = useMemo(
    () =>
      tab === 'balance-sheet'
        ? reportTable('balance-sheet', books, period, t, i18n.language)
        : tab === 'vat-return'
          ? vatTable(books, period, t)
          : undefined,
    [tab, books, period, t, i18n.language],
  );
  const known = (TABS as readonly string[]).includes(tab);
  return (
    <Screen title={t('chart-of-accounts.title')} tabs={tabs} wide>
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
        {!known ? (
          <p className="py-16 text-center text-muted-foreground">{t('balance.page-not-found')}</p>
        ) : table ? (
          <>
            <PeriodPicker period={period} onChange={setPeriod} atOnly={tab === 'balance-sheet'} />
            <ReportView
              title={t(`chart-of-accounts.tab.${tab}`)}
              table={table}
              fileName={`${tab}-${period.to}`}
            />
          </>
        ) : (
          <AccountsView books={books} />
        )}
      </div>
    </Screen>
  );
}
