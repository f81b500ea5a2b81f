import './strings.ts';
import { Balance, Banking, newId, type Payments, type Suppliers } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { Landmark, Upload } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Card, inputClass, secondaryButtonClass } from '../../components/form';
import { Screen } from '../../components/screen';
import { Button } from '../../components/ui/button';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { dayLabel, useMoney } from '../../lib/format';
import { useEntityList, useSyncNow } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { useImportFile } from './api/import-file';
import { useSuggestions } from './api/list-suggestions';

/** How often the screen pulls while open: a bank's lines arrive from the server's import, not a command of this device. */
const PULL_MS = 5_000;
/** Lines shown at once: the newest; the rest are a filter away. */
const PAGE = 100;
/** Ledgers a line may be posted to by a journal entry in one step. */
const JOURNAL_LEDGERS = [Balance.FIXED.capital, Balance.FIXED.drawings, Balance.FIXED.suspense];

type Line = Banking.BankLine;

/**
 * `import-transactions` (Advanced; Owner, Admin): the connected banks (import now, reconnect after
 * 90 days), a statement file imported, and each account's lines with what each most likely is:
 * confirm the suggestion, or make the line an expense or a journal entry in one step. Everything
 * goes through commands, so it posts to the books.
 */
export function TransactionsScreen() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const connections = useEntityList<Banking.BankConnection>('bankConnection');
  const accounts = useEntityList<Payments.PaymentAccount>('paymentAccount');
  const lines = useEntityList<Line>('bankLine');
  const suppliers = useEntityList<Suppliers.Supplier>('supplier');
  const banks = accounts.filter((a) => a.subType === 'bank').sort((a, b) => a.name.localeCompare(b.name));
  const [chosen, setChosen] = useState<string>();
  const accountId = chosen ?? lines[0]?.paymentAccountId ?? banks[0]?._id;
  const [all, setAll] = useState(false);
  const mine = useMemo(
    () => lines.filter((l) => l.paymentAccountId === accountId).sort((a, b) => b.date.localeCompare(a.date)),
    [lines, accountId],
  );
  // The suggestions are asked again when a line arrives, changes or is reconciled.
  const version = `${mine.length}:${
    mine
      .map((l) => l._updatedAt)
      .sort()
      .at(-1) ?? ''
  }`;
  const suggestions = useSuggestions(accountId, version);
  const byLine = new Map((suggestions.data?.suggestions ?? []).map((s) => [s.lineId, s]));
  const shown = mine.filter((l) => all || !l.match).slice(0, PAGE);
  const supplierName = new Map(suppliers.map((s) => [s._id, s.name]));
  const syncNow = useCommand(Banking.syncNow);
  const reconcile = useCommand(Banking.reconcile);
  const toExpense = useCommand(Banking.toExpense);
  const toJournal = useCommand(Banking.toJournal);
  const importFile = useImportFile();
  const pull = useSyncNow();
  useEffect(() => {
    void pull();
    const timer = setInterval(() => void pull(), PULL_MS);
    return () => clearInterval(timer);
  }, [pull]);
  const failed = { onError: (e: unknown) => toast.error(errorText(t, e)) };

  const onFile = async (file: File | undefined) => {
    if (!file || !accountId) return;
    const text = await file.text();
    importFile.mutate(
      { paymentAccountId: accountId, text, key: newId() },
      {
        onSuccess: (r) => {
          toast.success(t('banking.imported', r));
          void pull();
        },
        ...failed,
      },
    );
  };

  const confirm = (line: Line) => {
    const s = byLine.get(line._id)?.suggestion;
    if (!s) return;
    if (s.kind === 'supplier') {
      toExpense.mutate(
        { _id: line._id, supplierId: s.supplierId, expenseCategoryId: s.expenseCategoryId },
        failed,
      );
    } else reconcile.mutate({ _id: line._id, match: { kind: s.kind, ids: s.ids } }, failed);
  };
  const post = (line: Line, to: string) => {
    if (to === 'expense') toExpense.mutate({ _id: line._id }, failed);
    else if (to) toJournal.mutate({ _id: line._id, ledgerId: to }, failed);
  };

  return (
    <Screen
      title={t('banking.title')}
      actions={
        <Link to="/import-transactions/$" params={{ _splat: 'banks' }} className={secondaryButtonClass}>
          <Landmark className="size-4" aria-hidden />
          {t('banking.connect-bank')}
        </Link>
      }
    >
      <div className="flex flex-col gap-4">
        {connections.map((c) => (
          <Card key={c._id} data-testid="bank-connection">
            <div className="flex flex-wrap items-center gap-3">
              <div className="min-w-0 flex-1">
                <h2 className="font-medium">{c.institutionName}</h2>
                <p className="text-sm text-muted-foreground">
                  {c.status === 'expired'
                    ? t('banking.consent-ended')
                    : t('banking.consent-until', {
                        date: dayLabel(c.consentExpiresAt, i18n.language, 'long'),
                      })}
                  {c.lastImportAt &&
                    ` · ${t('banking.last-import', { date: dayLabel(c.lastImportAt.slice(0, 10), i18n.language) })}`}
                </p>
              </div>
              {c.status === 'expired' ? (
                <Link
                  to="/import-transactions/$"
                  params={{ _splat: 'banks' }}
                  className={secondaryButtonClass}
                >
                  {t('banking.reconnect')}
                </Link>
              ) : (
                <Button
                  variant="outline"
                  disabled={
                    Banking.callsToday(c, new Date().toISOString().slice(0, 10)) >= Banking.DAILY_CALLS
                  }
                  onClick={() =>
                    syncNow.mutate(
                      { _id: c._id },
                      { onSuccess: () => toast.success(t('banking.import-asked')), ...failed },
                    )
                  }
                >
                  {t('banking.import-now')}
                </Button>
              )}
            </div>
            <ul className="mt-2 text-sm">
              {c.accounts.map((a) => (
                <li key={a.providerAccountId} className="flex justify-between">
                  <span>{a.name}</span>
                  {a.balance !== undefined && <span className="tabular-nums">{money(a.balance)}</span>}
                </li>
              ))}
            </ul>
          </Card>
        ))}
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1.5 text-sm">
            <span className="font-medium">{t('banking.account')}</span>
            <select
              className={inputClass}
              value={accountId ?? ''}
              onChange={(e) => setChosen(e.target.value)}
            >
              {banks.map((a) => (
                <option key={a._id} value={a._id}>
                  {a.name}
                </option>
              ))}
            </select>
          </label>
          <label className={`${secondaryButtonClass} cursor-pointer`}>
            <Upload className="size-4" aria-hidden />
            {t('banking.import-file')}
            <input
              type="file"
              className="sr-only"
              accept=".csv,.ofx,.qfx,text/csv"
              disabled={!accountId || importFile.isPending}
              onChange={(e) => {
                void onFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
          <label className="flex min-h-10 items-center gap-2 text-sm">
            <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />
            {t('banking.show-reconciled')}
          </label>
        </div>
        {shown.length === 0 ? (
          <EmptyState icon={Landmark} title={t('banking.empty')} text={t('banking.empty-text')} />
        ) : (
          <ul className="divide-y rounded-lg border" data-testid="bank-lines">
            {shown.map((l) => {
              const s = byLine.get(l._id);
              return (
                <li
                  key={l._id}
                  className="flex flex-wrap items-center gap-3 px-4 py-2"
                  data-testid="bank-line"
                >
                  <div className="min-w-0 flex-1">
                    <div className="truncate font-medium">{l.payee || l.description}</div>
                    <div className="text-sm text-muted-foreground">
                      {dayLabel(l.date, i18n.language)}
                      {l.status === 'pending' && ` · ${t('banking.pending')}`}
                      {l.match && ` · ${t(`banking.matched-${l.match.kind}`)}`}
                    </div>
                    {s && !l.match && (
                      <div className="text-sm" data-testid="suggestion">
                        {suggestionText(t, s, supplierName, money)}
                      </div>
                    )}
                  </div>
                  <div className="font-medium tabular-nums">{money(l.amount)}</div>
                  {!l.match && (
                    <div className="flex items-center gap-2">
                      {s && <Button onClick={() => confirm(l)}>{t('banking.confirm')}</Button>}
                      <select
                        className={inputClass}
                        aria-label={t('banking.post-to')}
                        value=""
                        onChange={(e) => post(l, e.target.value)}
                      >
                        <option value="">{t('banking.post-to')}</option>
                        {l.amount < 0 && <option value="expense">{t('banking.as-expense')}</option>}
                        {JOURNAL_LEDGERS.map((x) => (
                          <option key={x.id} value={x.id}>
                            {t('banking.as-journal', { ledger: x.name })}
                          </option>
                        ))}
                      </select>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {mine.length > PAGE && (
          <p className="text-center text-sm text-muted-foreground">
            {t('banking.more', { count: mine.length - PAGE })}
          </p>
        )}
      </div>
    </Screen>
  );
}

type Suggested = {
  suggestion: Banking.Suggestion;
  records: { name: string; amount: number; date: string }[];
};

function suggestionText(
  t: (k: string, o?: Record<string, unknown>) => string,
  s: Suggested,
  supplierName: Map<string, string>,
  money: (n: number) => string,
): string {
  const x = s.suggestion;
  if (x.kind === 'supplier')
    return t('banking.suggest-supplier', { name: supplierName.get(x.supplierId) ?? '' });
  if (x.kind === 'expense') return t('banking.suggest-expense');
  const names = s.records.map((r) => `${r.name} ${money(-r.amount)}`).join(', ');
  if (x.kind === 'invoice')
    return t('banking.suggest-invoice', { names: s.records.map((r) => r.name).join(', ') });
  return x.ids.length > 1
    ? t('banking.suggest-payout', { count: x.ids.length, names })
    : t('banking.suggest-payment', { names });
}
