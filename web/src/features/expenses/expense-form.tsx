import './strings.ts';
import {
  canNavigate,
  type ExpenseCategories,
  Expenses,
  newId,
  type Payments,
  type Suppliers,
} from '@roundwise/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentList } from '../../components/attachments/attachment-list';
import { AttachmentUpload } from '../../components/attachments/attachment-upload';
import { DateField } from '../../components/date-field';
import { buttonClass, Field, inputClass, secondaryButtonClass } from '../../components/form';
import { Checkbox } from '../../components/ui/checkbox';
import {
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { useActor } from '../../lib/me';
import { useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';

type Expense = Expenses.Expense;
/** How the VAT is given: one of the usual rates, or the amount on the receipt. */
type VatChoice = `${number}` | 'amount';

const penceText = (amount: number) => (Number.isFinite(amount) ? amount.toFixed(2) : '');
const amountOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(/[£,\s]/g, '')));

/**
 * Adding or editing an expense: the date, supplier, category, amount paid, its VAT (a rate or the
 * amount on the receipt; reclaimable or not), the account it was paid from (or not paid yet), a
 * receipt photo and notes. The command's own schema checks it, so the form says what the server
 * would; an upload needs the network (attachments), the rest is recorded offline.
 */
export function ExpenseForm({
  expense,
  defaultDate,
  onDone,
}: {
  expense?: Expense;
  defaultDate: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const actor = useActor();
  const suppliers = useEntityList<Suppliers.Supplier>('supplier');
  const categories = useEntityList<ExpenseCategories.ExpenseCategory>('expenseCategory');
  const accounts = useEntityList<Payments.PaymentAccount>('paymentAccount');
  const create = useCommand(Expenses.create);
  const update = useCommand(Expenses.update);
  const [date, setDate] = useState(expense?.date ?? defaultDate);
  const [supplierId, setSupplierId] = useState(expense?.supplierId ?? '');
  const [categoryId, setCategoryId] = useState(expense?.expenseCategoryId ?? '');
  const [amount, setAmount] = useState(expense ? penceText(expense.amount) : '');
  const [vat, setVat] = useState<VatChoice>(
    expense ? (expense.vatRate !== undefined ? (`${expense.vatRate}` as VatChoice) : 'amount') : '20',
  );
  const [vatAmount, setVatAmount] = useState(expense ? penceText(expense.vatAmount) : '');
  const [reclaimable, setReclaimable] = useState(expense?.vatReclaimable ?? true);
  const [accountId, setAccountId] = useState(expense?.paymentAccountId ?? '');
  const [attachmentIds, setAttachmentIds] = useState<string[]>(expense?.attachmentIds ?? []);
  const [notes, setNotes] = useState(expense?.notes ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const canAttach = canNavigate(actor, 'attachments').ok;
  const byName = <T,>(list: T[], name: (x: T) => string) =>
    [...list].sort((a, b) => name(a).localeCompare(name(b)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const fields = {
      date,
      supplierId: supplierId || undefined,
      expenseCategoryId: categoryId || undefined,
      amount: amountOf(amount),
      ...(vat === 'amount'
        ? { vatAmount: amountOf(vatAmount || '0'), vatRate: undefined }
        : { vatRate: Number(vat), vatAmount: 0 }),
      vatReclaimable: reclaimable,
      paymentAccountId: accountId || undefined,
      attachmentIds,
      notes,
    };
    const parsed = Expenses.ExpenseFields.safeParse(fields);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'amount');
        found[key] ??= t(issue.message, { defaultValue: t('general.validation-failed') });
      }
      return setErrors(found);
    }
    if (Expenses.expenseVatPence(parsed.data) > Expenses.toPence(parsed.data.amount)) {
      return setErrors({ vatAmount: t('expenses.vat-more-than-amount') });
    }
    const onError = (x: unknown) => toast.error(t('expenses.save-failed'), { description: errorText(t, x) });
    if (expense) update.mutate({ _id: expense._id, changes: fields as never }, { onError });
    else create.mutate({ ...parsed.data, _id: newId() }, { onError });
    toast.success(expense ? t('expenses.updated') : t('expenses.recorded'));
    onDone();
  };

  return (
    <DialogContent className="max-h-[92dvh] overflow-y-auto">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <DialogHeader>
          <DialogTitle>{expense ? t('expenses.edit') : t('expenses.add')}</DialogTitle>
          <DialogDescription>{t('expenses.form-description')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5 text-sm">
            <span className="font-medium">{t('expenses.date')}</span>
            <DateField value={date} onChange={setDate} label={t('expenses.date')} invalid={!!errors.date} />
            {errors.date && (
              <span role="alert" className="text-xs text-destructive">
                {errors.date}
              </span>
            )}
          </div>
          <Field label={t('expenses.amount')} error={errors.amount}>
            <input
              className={inputClass}
              inputMode="decimal"
              value={amount}
              aria-invalid={!!errors.amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </Field>
          <Field label={t('expenses.supplier')}>
            <select className={inputClass} value={supplierId} onChange={(e) => setSupplierId(e.target.value)}>
              <option value="">{t('expenses.no-supplier')}</option>
              {byName(suppliers, (s) => s.name).map((s) => (
                <option key={s._id} value={s._id}>
                  {s.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('expenses.category')}>
            <select className={inputClass} value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
              <option value="">{t('expenses.uncategorised')}</option>
              {byName(categories, (c) => c.description).map((c) => (
                <option key={c._id} value={c._id}>
                  {c.description}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('expenses.vat')} error={vat === 'amount' ? undefined : errors.vatAmount}>
            <select className={inputClass} value={vat} onChange={(e) => setVat(e.target.value as VatChoice)}>
              {Expenses.VAT_RATES.map((r) => (
                <option key={r} value={`${r}`}>
                  {t('expenses.vat-rate', { rate: r })}
                </option>
              ))}
              <option value="amount">{t('expenses.vat-amount-option')}</option>
            </select>
          </Field>
          {vat === 'amount' && (
            <Field label={t('expenses.vat-amount')} error={errors.vatAmount}>
              <input
                className={inputClass}
                inputMode="decimal"
                value={vatAmount}
                aria-invalid={!!errors.vatAmount}
                onChange={(e) => setVatAmount(e.target.value)}
              />
            </Field>
          )}
          <div className="flex min-h-10 items-center gap-2 sm:col-span-2">
            <Checkbox
              id="vat-reclaimable"
              checked={reclaimable}
              onCheckedChange={(on) => setReclaimable(on === true)}
            />
            <Label htmlFor="vat-reclaimable" className="cursor-pointer font-normal">
              {t('expenses.vat-reclaimable')}
            </Label>
          </div>
          <Field label={t('expenses.paid-from')} hint={accountId ? undefined : t('expenses.not-paid-hint')}>
            <select className={inputClass} value={accountId} onChange={(e) => setAccountId(e.target.value)}>
              <option value="">{t('expenses.not-paid')}</option>
              {byName(accounts, (a) => a.name).map((a) => (
                <option key={a._id} value={a._id}>
                  {a.name}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field label={t('expenses.notes')} error={errors.notes}>
          <textarea
            rows={2}
            maxLength={255}
            className={`${inputClass} h-auto py-2`}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
        </Field>
        {canAttach && (
          <div className="flex flex-col gap-2">
            <span className="text-sm font-medium">{t('expenses.receipt')}</span>
            <AttachmentList
              ids={attachmentIds}
              onRemove={(a) => setAttachmentIds((ids) => ids.filter((id) => id !== a._id))}
              removeLabel={t('expenses.remove-receipt')}
            />
            <AttachmentUpload
              related={expense ? [expense._id] : []}
              onUploaded={(a) => setAttachmentIds((ids) => [...ids, a._id])}
            />
          </div>
        )}
        <DialogFooter>
          <button type="button" className={secondaryButtonClass} onClick={onDone}>
            {t('general.cancel')}
          </button>
          <button type="submit" className={buttonClass}>
            {t('general.save')}
          </button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
