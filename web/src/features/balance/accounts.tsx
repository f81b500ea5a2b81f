import './strings.ts';
import { Balance } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { dayLabel, useMoney } from '../../lib/format';
import type { Books } from './use-books';

export const GROUPS: readonly Balance.LedgerGroup[] = [
  'funds',
  'debtors',
  'vat',
  'creditors',
  'equity',
  'sales',
  'overheads',
  'suspense',
];

/** The sum in pence of a group's ledgers (debit positive). */
export function groupTotal(books: Books, group: Balance.LedgerGroup): number {
  return books.groupTotals.get(group) ?? 0;
}

/** A balance as its side shows it: assets and expenses by their debit, the rest by their credit. */
const shown = (kind: Balance.LedgerKind, pence: number) =>
  kind === 'asset' || kind === 'expense' ? pence : -pence;

/**
 * The ledgers by group with their balances (the balance's accounts, the chart of accounts). The
 * debtors are one line (one ledger per customer: thousands); their detail is aged debtors.
 */
export function AccountsView({ books }: { books: Books }) {
  const { t } = useTranslation();
  const money = useMoney();
  const groups = useMemo(() => {
    const all = new Map<Balance.LedgerGroup, { ledger: Balance.Ledger; pence: number }[]>();
    const ids = new Set([...books.ledgers.keys(), ...books.balances.keys()]);
    for (const id of ids) {
      const ledger = Balance.ledgerOrRemoved(books.ledgers, id);
      if (ledger.group === 'debtors') continue;
      const list = all.get(ledger.group) ?? [];
      list.push({ ledger, pence: books.balances.get(id) ?? 0 });
      all.set(ledger.group, list);
    }
    return all;
  }, [books]);
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="chart-of-accounts">
      {GROUPS.map((group) => {
        const rows =
          group === 'debtors'
            ? undefined
            : (groups.get(group) ?? []).sort((a, b) => a.ledger.name.localeCompare(b.ledger.name));
        return (
          <Card key={group}>
            <h2 className="mb-2 font-medium">{t(`balance.group.${group}`)}</h2>
            <ul className="divide-y text-sm">
              {rows === undefined ? (
                <li className="flex justify-between gap-3 py-1.5">
                  <Link to="/balance/$" params={{ _splat: 'reports/aged-debtors' }} className="underline">
                    {t('balance.customers-count', { count: books.customers.length })}
                  </Link>
                  <span className="tabular-nums">{money(groupTotal(books, 'debtors') / 100)}</span>
                </li>
              ) : (
                rows.map(({ ledger, pence }) => (
                  <li key={ledger.id} className="flex justify-between gap-3 py-1.5">
                    <span className="truncate">{ledger.name}</span>
                    <span className="tabular-nums">{money(shown(ledger.kind, pence) / 100)}</span>
                  </li>
                ))
              )}
            </ul>
          </Card>
        );
      })}
    </div>
  );
}

/** The fund accounts: where money is held (payment accounts by type, the default bank funds). */
export function FundAccountsView({ books }: { books: Books }) {
  const { t } = useTranslation();
  const money = useMoney();
  const funds = [...books.ledgers.values()].filter((l) => l.group === 'funds');
  return (
    <ul className="divide-y rounded-lg border" data-testid="fund-accounts">
      {funds.map((f) => (
        <li key={f.id}>
          <Link
            to="/balance/$"
            params={{ _splat: `fund-accounts/${encodeURIComponent(f.id)}` }}
            className="flex min-h-12 items-center justify-between gap-3 px-4 py-2 hover:bg-accent"
          >
            <span>{f.name}</span>
            <span className="font-medium tabular-nums">{money((books.balances.get(f.id) ?? 0) / 100)}</span>
          </Link>
        </li>
      ))}
      {funds.length === 0 && <li className="p-4 text-muted-foreground">{t('balance.no-funds')}</li>}
    </ul>
  );
}

const SHOWN_LINES = 200;

/** One fund account: its movements, newest first, with the balance after each. */
export function FundAccountView({ books, id }: { books: Books; id: string }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const ledgerId = decodeURIComponent(id);
  const ledger = books.ledgers.get(ledgerId);
  const lines = useMemo(() => {
    let running = 0;
    const out: { key: string; date: string; description: string; pence: number; after: number }[] = [];
    for (const p of books.postings) {
      for (const [i, l] of p.lines.entries()) {
        if (l.ledgerId !== ledgerId) continue;
        running += l.pence;
        out.push({
          key: `${p.sourceId}-${i}`,
          date: p.date,
          description: p.description,
          pence: l.pence,
          after: running,
        });
      }
    }
    return out.reverse().slice(0, SHOWN_LINES);
  }, [books, ledgerId]);
  if (ledger?.group !== 'funds') {
    return <p className="py-16 text-center text-muted-foreground">{t('balance.page-not-found')}</p>;
  }
  return (
    <Card>
      <h2 className="mb-2 font-medium">{ledger.name}</h2>
      {lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('balance.no-movements')}</p>
      ) : (
        <ul className="divide-y text-sm" data-testid="fund-lines">
          {lines.map((l) => (
            <li key={l.key} className="grid grid-cols-[auto_1fr_auto] items-center gap-3 py-1.5">
              <span className="text-muted-foreground">{dayLabel(l.date, i18n.language)}</span>
              <span className="truncate">
                {l.description || t(l.pence >= 0 ? 'balance.money-in' : 'balance.money-out')}
              </span>
              <span className="text-right tabular-nums">
                {money(l.pence / 100)}
                <span className="block text-xs text-muted-foreground">{money(l.after / 100)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
