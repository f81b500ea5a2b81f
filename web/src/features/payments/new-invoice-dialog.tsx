import './strings.ts';
import { type Customers, newId, Payments } from '@roundwise/core';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { Button } from '../../components/ui/button';
import {
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useCommand } from '../../lib/commands/use-command';
import { businessToday } from '../../lib/dates';
import { money } from '../../lib/format';
import { useEntityList } from '../../lib/sync/hooks';
import { useProblem } from '../../lib/use-problem';

type Customer = Customers.Customer & { _id: string };

/** How many matches the customer search lists: the rest are found by typing more. */
const MATCHES = 8;

/**
 * An invoice made by hand (`payments.create-invoice`, Owner and Admin): work that was no visit. The
 * customer is given (their payments tab) or searched for (the invoices screen); lines of a
 * description and an amount, their total shown as typed. Like every command it runs on the device
 * at once and syncs when there is a signal, its id made here so a resend is one invoice; the
 * server numbers it. The form checks the command's own schema, so it refuses what the server would.
 */
export function NewInvoiceDialog({ customer, onDone }: { customer?: Customer; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const create = useCommand(Payments.createInvoice);
  const [chosen, setChosen] = useState<Customer | undefined>(customer);
  const [date, setDate] = useState(businessToday);
  const [lines, setLines] = useState([{ description: '', amount: '' }]);
  const [error, setError] = useProblem();
  const amounts = lines.map((l) => Number(l.amount) || 0);
  const total = amounts.reduce((sum, a) => sum + Math.round(a * 100), 0) / 100;
  const setLine = (i: number, patch: Partial<(typeof lines)[number]>) => {
    setLines(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
    setError(undefined);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return setError('invoices.customer-required');
    const input = {
      _id: newId(),
      customerId: chosen._id,
      date,
      lines: lines.map((l) => ({ description: l.description, amount: Number(l.amount) })),
    };
    const checked = Payments.createInvoice.input.safeParse(input);
    if (!checked.success) {
      const key = checked.error.issues[0]?.message ?? 'general.validation-failed';
      return setError(key.includes('.') ? key : 'general.validation-failed');
    }
    create.mutate(input);
    onDone();
  };
  return (
    <DialogContent className="sm:max-w-lg">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="new-invoice-form">
        <DialogHeader>
          <DialogTitle>{t('invoices.new')}</DialogTitle>
          <DialogDescription>
            {chosen ? t('invoices.new-for', { name: chosen.name }) : t('invoices.new-description')}
          </DialogDescription>
        </DialogHeader>
        {!customer && <CustomerSearch chosen={chosen} onChoose={setChosen} />}
        <div className="flex flex-col gap-2">
          <Label htmlFor="invoice-date">{t('payments.date')}</Label>
          <DateField id="invoice-date" label={t('payments.date')} value={date} onChange={setDate} />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t('invoices.lines')}</legend>
          {lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own; they are only added and removed here
            <div key={i} className="flex items-center gap-2">
              <Input
                aria-label={t('invoices.line-description', { n: i + 1 })}
                placeholder={t('invoices.description')}
                value={line.description}
                onChange={(e) => setLine(i, { description: e.target.value })}
              />
              <Input
                aria-label={t('invoices.line-amount', { n: i + 1 })}
                className="w-28"
                inputMode="decimal"
                placeholder="0.00"
                value={line.amount}
                onChange={(e) => setLine(i, { amount: e.target.value })}
              />
              {lines.length > 1 && (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('invoices.remove-line', { n: i + 1 })}
                  onClick={() => setLines(lines.filter((_, j) => j !== i))}
                >
                  <Trash2 aria-hidden />
                </Button>
              )}
            </div>
          ))}
          <Button
            type="button"
            variant="outline"
            className="self-start"
            onClick={() => setLines([...lines, { description: '', amount: '' }])}
          >
            <Plus aria-hidden />
            {t('invoices.add-line')}
          </Button>
        </fieldset>
        <div className="flex justify-between font-semibold">
          <span>{t('invoices.total')}</span>
          <span className="tabular-nums" data-testid="new-invoice-total">
            {money(total, i18n.language)}
          </span>
        </div>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {t('general.cancel')}
          </Button>
          <Button type="submit">{t('invoices.create')}</Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

/** The customer, searched by name, address or email: a few matches listed, the rest by typing more. */
function CustomerSearch({ chosen, onChoose }: { chosen?: Customer; onChoose: (c?: Customer) => void }) {
  const { t } = useTranslation();
  const customers = useEntityList<Customers.Customer>('customer');
  const [text, setText] = useState('');
  const matches = useMemo(() => {
    const words = Payments.searchWords(text);
    if (words.length === 0) return [];
    const found: Customer[] = [];
    for (const c of customers) {
      const hay = `${c.name} ${c.address?.addressDescription ?? ''} ${c.email ?? ''}`.toLowerCase();
      if (words.every((w) => hay.includes(w))) found.push(c);
      if (found.length === MATCHES) break;
    }
    return found;
  }, [customers, text]);
  if (chosen)
    return (
      <div className="flex items-center justify-between gap-2 text-sm">
        <span data-testid="new-invoice-customer">{chosen.name}</span>
        <Button type="button" variant="outline" size="sm" onClick={() => onChoose(undefined)}>
          {t('invoices.change-customer')}
        </Button>
      </div>
    );
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="invoice-customer">{t('invoices.customer')}</Label>
      <Input
        id="invoice-customer"
        type="search"
        autoComplete="off"
        placeholder={t('invoices.customer-search')}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {matches.length > 0 && (
        <ul className="flex flex-col rounded-md border" aria-label={t('invoices.customer')}>
          {matches.map((c) => (
            <li key={c._id}>
              <button
                type="button"
                className="w-full px-3 py-2 text-left text-sm hover:bg-muted"
                onClick={() => onChoose(c)}
              >
                {c.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
