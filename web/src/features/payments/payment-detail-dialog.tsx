import './strings.ts';
import { type Actor, type Entity, Payments } from '@roundwise/core';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Dialog,
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
import { errorText } from '../../lib/errors';
import { dayLabel, money } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useProblem } from '../../lib/use-problem';
import { creditDebit } from './payment-words';

/**
 * A payment's detail (spec 000 section 2.7): what it is, the invoices it pays, its history events
 * (a provider's failure explained for status 409 and 422, spec 000 section 4), and for Owner and
 * Admin cancel (void), asked first in the words `cancelConfirmKey` picks by the other invoices it
 * pays, and a refund when allowed. A refusal (already refunded, not found) comes from the
 * command, on the device or the server, and is said in a toast.
 */
export function PaymentDetailDialog({
  actor,
  payment,
  transactions,
  accounts,
  customerName,
  fromInvoiceId,
  onClose,
}: {
  actor: Actor;
  payment: Entity<Payments.Transaction>;
  transactions: readonly Payments.Transaction[];
  accounts: readonly Payments.PaymentAccount[];
  customerName: string;
  /** Opened from this invoice: the cancel wording counts the other invoices only. */
  fromInvoiceId?: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const cancel = useCommand(Payments.cancel);
  const refund = useCommand(Payments.refund);
  const [confirming, setConfirming] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const [refundAmount, setRefundAmount] = useState((-payment.amount).toFixed(2));
  const [reason, setReason] = useState('');
  const [error, setError] = useProblem();
  const canManage = actor.roles.includes('Owner') || actor.roles.includes('Admin');
  const isRefund = Payments.isRefund(payment);
  const isReversal = !!payment.voidedId && payment._id.endsWith('-void');
  const standing = Payments.isStanding(payment);
  const canRefund =
    standing &&
    !isRefund &&
    payment.amount < 0 &&
    payment.transactionType === 'Payment' &&
    !payment.paymentDetails?.refundId;
  const confirm = Payments.cancelConfirmKey(payment, fromInvoiceId);
  const invoiceNumber = (id: string) =>
    transactions.find((x) => x._id === id)?.invoiceNumber ?? t('payments.pending-sync');
  const account = accounts.find((a) => a._id === payment.paymentAccountId);
  const history = payment.paymentDetails?.paymentHistory ?? [];
  const failed = (key: string) => (e: unknown) => toast.error(`${t(key)} ${errorText(t, e)}`);

  const submitRefund = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      paymentId: payment._id,
      amount: Number(refundAmount),
      date: businessToday(),
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    };
    const checked = Payments.refund.input.safeParse(input);
    if (!checked.success) {
      const key = checked.error.issues[0]?.message ?? 'general.validation-failed';
      return setError(key.includes('.') ? key : 'general.validation-failed');
    }
    refund.mutate(input, { onError: (err) => toast.error(errorText(t, err)) });
    setRefunding(false);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-h-[92dvh] overflow-y-auto sm:max-w-lg"
        data-testid="payment-detail"
        data-remote-support-mask
      >
        <DialogHeader>
          <DialogTitle>{customerName || t('payments.no-customer')}</DialogTitle>
          <DialogDescription>
            {dayLabel(payment.date, i18n.language, 'long')} · {payment.description}
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[8rem_1fr] gap-x-2 gap-y-1.5 text-sm">
          <dt className="text-muted-foreground">{t('payments.amount')}</dt>
          <dd className="font-medium tabular-nums" data-testid="payment-amount">
            {creditDebit(t, payment.amount, i18n.language, payment.currency)}
          </dd>
          <dt className="text-muted-foreground">{t('payments.method')}</dt>
          <dd>{methodText(t, payment)}</dd>
          <dt className="text-muted-foreground">{t('payments.account')}</dt>
          <dd>{account?.name ?? t('payments.no-account')}</dd>
          <dt className="text-muted-foreground">{t('payments.status')}</dt>
          <dd className="flex flex-wrap gap-1">
            <Badge variant="secondary">
              {t(payment.status === 'pending' ? 'payments.status-pending' : 'payments.status-complete')}
            </Badge>
            {!standing && <Badge variant="outline">{t('payments.cancelled')}</Badge>}
            {payment.paymentDetails?.refundId && !isRefund && (
              <Badge variant="outline">{t('payments.refunded')}</Badge>
            )}
          </dd>
          {(payment.paymentDetails?.invoiceIds?.length ?? 0) > 0 && (
            <>
              <dt className="text-muted-foreground">{t('route.invoices')}</dt>
              <dd>{payment.paymentDetails?.invoiceIds?.map(invoiceNumber).join(', ')}</dd>
            </>
          )}
        </dl>
        <section aria-label={t('payments.history')} className="flex flex-col gap-2 text-sm">
          <h3 className="font-medium">{t('payments.history')}</h3>
          {history.length === 0 ? (
            <p className="text-muted-foreground">{t('payments.no-history')}</p>
          ) : (
            <ol className="flex flex-col gap-2" data-testid="payment-history">
              {history.map((event) => {
                const explanation = Payments.failureExplanation(event);
                return (
                  <li key={`${event.created}-${event.action}`} className="rounded-md border px-3 py-2">
                    <div className="flex justify-between gap-2">
                      <span className="font-medium">{t(`payments.event-${event.action}`, event.action)}</span>
                      <time className="text-xs text-muted-foreground" dateTime={event.created}>
                        {new Date(event.created).toLocaleString(i18n.language)}
                      </time>
                    </div>
                    {(event.details?.description || event.details?.cause) && (
                      <p className="text-muted-foreground">
                        {event.details?.description ?? event.details?.cause}
                      </p>
                    )}
                    {explanation && (
                      <p className="mt-1 text-amber-700 dark:text-amber-400">{t(explanation)}</p>
                    )}
                  </li>
                );
              })}
            </ol>
          )}
        </section>
        {refunding && (
          <form
            onSubmit={submitRefund}
            className="flex flex-col gap-3 rounded-md border p-3"
            data-testid="refund-form"
          >
            <div className="flex flex-col gap-2">
              <Label htmlFor="refund-amount">{t('payments.refund-amount')}</Label>
              <Input
                id="refund-amount"
                inputMode="decimal"
                value={refundAmount}
                aria-invalid={!!error}
                onChange={(e) => {
                  setRefundAmount(e.target.value);
                  setError(undefined);
                }}
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="refund-reason">{t('payments.refund-reason')}</Label>
              <Input id="refund-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
            </div>
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setRefunding(false)}>
                {t('general.cancel')}
              </Button>
              <Button type="submit">{t('payments.record-refund')}</Button>
            </div>
          </form>
        )}
        {canManage && standing && !isReversal && !refunding && (
          <DialogFooter>
            {canRefund && (
              <Button variant="outline" onClick={() => setRefunding(true)}>
                {t('payments.refund')}
              </Button>
            )}
            <Button variant="destructive" onClick={() => setConfirming(true)}>
              {t('payments.cancel')}
            </Button>
          </DialogFooter>
        )}
        <AlertDialog open={confirming} onOpenChange={setConfirming}>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{t(confirm.key, { count: confirm.count })}</AlertDialogTitle>
              <AlertDialogDescription>
                {payment.description} · {money(Math.abs(payment.amount), i18n.language, payment.currency)}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel onClick={() => toast.success(t('payments.cancellation-aborted'))}>
                {t('payments.keep')}
              </AlertDialogCancel>
              <AlertDialogAction
                variant="destructive"
                onClick={() =>
                  cancel.mutate({ _id: payment._id }, { onError: failed('payments.cancel-failed') })
                }
              >
                {t('payments.cancel')}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </DialogContent>
    </Dialog>
  );
}

/** How a payment was made, in words: a recorded method, or a provider's kind (not its internal name). */
function methodText(t: TFunction, payment: Payments.Transaction) {
  const sub = payment.transactionSubType ?? '';
  if ((Payments.PaymentMethod.options as readonly string[]).includes(sub)) return t(`payments.method-${sub}`);
  const kind = Payments.providerKindOf(payment);
  return kind ? t(`pending.provider-${kind}`) : sub || '—';
}
