import './strings.ts';
import { Balance, newId } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { Plus, Trash2, Undo2 } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { buttonClass, Card, Field, inputClass, secondaryButtonClass } from '../../components/form';
import { Button } from '../../components/ui/button';
import { useCommand } from '../../lib/commands/use-command';
import { businessToday } from '../../lib/dates';
import { errorText } from '../../lib/errors';
import { dayLabel, useMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useProblem } from '../../lib/use-problem';
import type { Books } from './use-books';

interface Row {
  key: string;
  ledgerId: string;
  debit: string;
  credit: string;
}
const pence = (text: string) => {
  const n = Number(text.replace(/[£,\s]/g, ''));
  return text.trim() === '' || !Number.isFinite(n) ? 0 : Math.round(n * 100);
};
const emptyRow = (): Row => ({ key: newId(), ledgerId: '', debit: '', credit: '' });

/** The balance's transactions: journal entries made by hand, and the form to make one. */
export function TransactionsView({ books }: { books: Books }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const [adding, setAdding] = useState(false);
  const journals = useMemo(
    () => [...books.journals].sort((a, b) => b.date.localeCompare(a.date)),
    [books.journals],
  );
  return (
    <>
      {adding ? (
        <JournalForm books={books} onDone={() => setAdding(false)} />
      ) : (
        <button
          type="button"
          className={`${secondaryButtonClass} self-start`}
          onClick={() => setAdding(true)}
        >
          <Plus className="size-4" aria-hidden />
          {t('balance.new-journal')}
        </button>
      )}
      {journals.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{t('balance.no-journals')}</p>
      ) : (
        <ul className="divide-y rounded-lg border" data-testid="journal-list">
          {journals.map((j) => (
            <li key={j._id}>
              <Link
                to="/balance/$"
                params={{ _splat: `transactions/${j._id}` }}
                className="flex min-h-12 items-center justify-between gap-3 px-4 py-2 hover:bg-accent"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium">{j.description}</span>
                  <span className="text-sm text-muted-foreground">
                    {dayLabel(j.date, i18n.language)}
                    {j.reversedBy && ` · ${t('balance.reversed')}`}
                  </span>
                </span>
                <span className="tabular-nums">
                  {money(j.lines.reduce((s, l) => s + Math.max(0, Balance.penceOf(l.amount)), 0) / 100)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The ledgers a journal may name (the debtors are posted by payments and invoices, not by hand). */
function journalLedgers(books: Books) {
  return [...books.ledgers.values()]
    .filter((l) => l.group !== 'debtors')
    .sort((a, b) => a.group.localeCompare(b.group) || a.name.localeCompare(b.name));
}

function JournalForm({ books, onDone }: { books: Books; onDone: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const record = useCommand(Balance.recordJournal);
  const [date, setDate] = useState(businessToday());
  const [description, setDescription] = useState('');
  const [rows, setRows] = useState<Row[]>([emptyRow(), emptyRow()]);
  const [error, setError] = useProblem();
  const ledgers = journalLedgers(books);
  const difference = rows.reduce((s, r) => s + pence(r.debit) - pence(r.credit), 0);
  const set = (key: string, change: Partial<Row>) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const lines = rows
      .filter((r) => r.ledgerId || r.debit || r.credit)
      .map((r) => ({ ledgerId: r.ledgerId, amount: (pence(r.debit) - pence(r.credit)) / 100 }));
    const input = { _id: newId(), date, description, lines };
    const parsed = Balance.JournalEntryFields.safeParse(input);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'general.validation-failed');
    if (lines.some((l) => !l.ledgerId)) return setError('balance.ledger-not-found');
    if (lines.some((l) => l.amount === 0)) return setError('balance.line-amount-required');
    if (difference !== 0)
      return setError('balance.journal-unbalanced', { difference: money(difference / 100) });
    record.mutate(input, { onError: (x) => toast.error(errorText(t, x)) });
    toast.success(t('balance.journal-recorded'));
    onDone();
  };
  return (
    <Card>
      <form
        onSubmit={submit}
        className="flex flex-col gap-3"
        noValidate
        aria-label={t('balance.new-journal')}
      >
        <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
          <div className="flex flex-col gap-1.5 text-sm">
            <span className="font-medium">{t('balance.date')}</span>
            <DateField value={date} onChange={setDate} label={t('balance.date')} />
          </div>
          <Field label={t('balance.description')}>
            <input
              className={inputClass}
              value={description}
              maxLength={200}
              onChange={(e) => setDescription(e.target.value)}
            />
          </Field>
        </div>
        {rows.map((r, i) => (
          <fieldset
            key={r.key}
            className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_8rem_8rem_auto] sm:items-end"
          >
            <legend className="sr-only">{t('balance.line-n', { n: i + 1 })}</legend>
            <div className="col-span-2 sm:col-span-1">
              <Field label={t('balance.account')}>
                <select
                  className={inputClass}
                  value={r.ledgerId}
                  onChange={(e) => set(r.key, { ledgerId: e.target.value })}
                >
                  <option value="">{t('balance.choose-account')}</option>
                  {ledgers.map((l) => (
                    <option key={l.id} value={l.id}>
                      {`${t(`balance.group.${l.group}`)}: ${l.name}`}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            <Field label={t('balance.debit')}>
              <input
                className={inputClass}
                inputMode="decimal"
                value={r.debit}
                onChange={(e) => set(r.key, { debit: e.target.value, credit: '' })}
              />
            </Field>
            <Field label={t('balance.credit')}>
              <input
                className={inputClass}
                inputMode="decimal"
                value={r.credit}
                onChange={(e) => set(r.key, { credit: e.target.value, debit: '' })}
              />
            </Field>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              disabled={rows.length <= 2}
              aria-label={t('balance.remove-line', { n: i + 1 })}
              onClick={() => setRows((list) => list.filter((x) => x.key !== r.key))}
            >
              <Trash2 aria-hidden />
            </Button>
          </fieldset>
        ))}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => setRows((list) => [...list, emptyRow()])}
          >
            <Plus className="size-4" aria-hidden />
            {t('balance.add-line')}
          </button>
          <span
            className={`text-sm ${difference === 0 ? 'text-muted-foreground' : 'text-destructive'}`}
            aria-live="polite"
          >
            {difference === 0
              ? t('balance.balanced')
              : t('balance.difference', { amount: money(difference / 100) })}
          </span>
        </div>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButtonClass} onClick={onDone}>
            {t('general.cancel')}
          </button>
          <button type="submit" className={buttonClass}>
            {t('balance.record')}
          </button>
        </div>
      </form>
    </Card>
  );
}

/** One journal entry, or 'Transaction not found.'; a reversal puts it right, keeping both. */
export function JournalDetail({ books, id }: { books: Books; id: string }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const reverse = useCommand(Balance.reverseJournal);
  const entry = books.journals.find((j) => j._id === id);
  if (!entry) {
    return (
      <p className="py-16 text-center text-muted-foreground" data-testid="transaction-not-found">
        {t('balance.transaction-not-found')}
      </p>
    );
  }
  const name = (ledgerId: string) => Balance.ledgerOrRemoved(books.ledgers, ledgerId).name;
  return (
    <Card className="flex flex-col gap-3">
      <div>
        <h2 className="font-medium">{entry.description}</h2>
        <p className="text-sm text-muted-foreground">{dayLabel(entry.date, i18n.language, 'long')}</p>
      </div>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className="py-1 font-normal">{t('balance.account')}</th>
            <th className="py-1 text-right font-normal">{t('balance.debit')}</th>
            <th className="py-1 text-right font-normal">{t('balance.credit')}</th>
          </tr>
        </thead>
        <tbody>
          {entry.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a journal's lines never change
            <tr key={i} className="border-t">
              <td className="py-1.5">{name(l.ledgerId)}</td>
              <td className="py-1.5 text-right tabular-nums">{l.amount > 0 ? money(l.amount) : ''}</td>
              <td className="py-1.5 text-right tabular-nums">{l.amount < 0 ? money(-l.amount) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {entry.reversalOf && (
        <Link
          to="/balance/$"
          params={{ _splat: `transactions/${entry.reversalOf}` }}
          className="text-sm underline"
        >
          {t('balance.reversal-of')}
        </Link>
      )}
      {entry.reversedBy ? (
        <Link
          to="/balance/$"
          params={{ _splat: `transactions/${entry.reversedBy}` }}
          className="text-sm underline"
        >
          {t('balance.see-reversal')}
        </Link>
      ) : (
        !entry.reversalOf && (
          <button
            type="button"
            className={`${secondaryButtonClass} self-start`}
            onClick={() => {
              reverse.mutate(
                { _id: entry._id, reversalId: newId(), date: businessToday() },
                { onError: (x) => toast.error(errorText(t, x)) },
              );
              toast.success(t('balance.reversed-done'));
            }}
          >
            <Undo2 className="size-4" aria-hidden />
            {t('balance.reverse')}
          </button>
        )
      )}
    </Card>
  );
}
