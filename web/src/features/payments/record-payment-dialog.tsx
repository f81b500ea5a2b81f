import './strings.ts';
import { Payments } from '@roundwise/core';
import { type FormEvent, useState } from 'react';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useCommand } from '../../lib/commands/use-command';
import { businessToday } from '../../lib/dates';
import { useEntityList } from '../../lib/sync/hooks';
import { useProblem } from '../../lib/use-problem';

/**
 * Records a payment by hand against a customer, online or offline: the command
 * runs on the device at once and is sent when there is a signal. The amount starts at what the
 * customer owes; the command allocates it to the oldest open invoices, or to the invoice it was
 * opened from. The payment account it went into is chosen when the business has any. The form
 * checks the command's own input schema, so it refuses what the server would, with the same message.
 */
export function RecordPaymentDialog({
  customerId,
  name,
  owed,
  invoiceId,
  onDone,
}: {
  customerId: string;
  name: string;
  owed: number;
  /** Opened from this invoice: the payment pays it first. */
  invoiceId?: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const record = useCommand(Payments.record);
  const [amount, setAmount] = useState(owed > 0 ? owed.toFixed(2) : '');
  const [method, setMethod] = useState<Payments.PaymentMethod>('cash');
  const [date, setDate] = useState(businessToday);
  const accounts = useEntityList<Payments.PaymentAccount>('paymentAccount');
  const [account, setAccount] = useState('none');
  const [error, setError] = useProblem();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      customerId,
      amount: Number(amount),
      method,
      date,
      ...(invoiceId ? { invoiceIds: [invoiceId] } : {}),
      ...(account !== 'none' ? { paymentAccountId: account } : {}),
    };
    const checked = Payments.record.input.safeParse(input);
    if (!checked.success) {
      const key = checked.error.issues[0]?.message ?? 'general.validation-failed';
      return setError(key.includes('.') ? key : 'general.validation-failed');
    }
    record.mutate(input);
    onDone();
  };
  return (
    <DialogContent>
      <form
        onSubmit={submit}
        className="flex flex-col gap-4"
        data-testid="record-payment-form"
        data-remote-support-mask
      >
        <DialogHeader>
          <DialogTitle>{t('payments.record-title')}</DialogTitle>
          <DialogDescription>{t('payments.record-description', { name })}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <Label htmlFor="payment-amount">{t('payments.amount')}</Label>
          <Input
            id="payment-amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setError(undefined);
            }}
            aria-invalid={!!error}
            aria-describedby={error ? 'payment-error' : undefined}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="payment-method">{t('payments.method')}</Label>
          <Select value={method} onValueChange={(v) => setMethod(v as Payments.PaymentMethod)}>
            <SelectTrigger id="payment-method" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {Payments.PaymentMethod.options.map((m) => (
                <SelectItem key={m} value={m}>
                  {t(`payments.method-${m}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {accounts.length > 0 && (
          <div className="flex flex-col gap-2">
            <Label htmlFor="payment-account">{t('payments.account')}</Label>
            <Select value={account} onValueChange={setAccount}>
              <SelectTrigger id="payment-account" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="none">{t('payments.no-account')}</SelectItem>
                {accounts.map((a) => (
                  <SelectItem key={a._id} value={a._id}>
                    {a.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
        <div className="flex flex-col gap-2">
          <Label htmlFor="payment-date">{t('payments.date')}</Label>
          <DateField id="payment-date" label={t('payments.date')} value={date} onChange={setDate} />
        </div>
        {error && (
          <p id="payment-error" role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {t('general.cancel')}
          </Button>
          <Button type="submit">{t('payments.record')}</Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
