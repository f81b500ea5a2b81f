import './strings.ts';
import { type Actor, Payments } from '@roundwise/core';
import { useMemo, useState } from 'react';
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
import { Button } from '../../components/ui/button';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { useCommand } from '../../lib/commands/use-command';
import { businessToday } from '../../lib/dates';
import { dayLabel, money } from '../../lib/format';

/**
 * One customer's account: their invoices (the number, or 'Pending Sync' until the server gives
 * it) with what is still to pay, and their payments with cancel (void) and refund for Owner and
 * Admin (the commands' own access). Cancelling asks first, in the words the spec ties to how many
 * other invoices the payment pays. A refusal (already refunded) is shown by the shell's list of
 * refused changes, as every command's is.
 */
export function CustomerLedgerDialog({
  actor,
  customerId,
  name,
  transactions,
}: {
  actor: Actor;
  customerId: string;
  name: string;
  transactions: Payments.Transaction[];
}) {
  const { t, i18n } = useTranslation();
  const mine = useMemo(
    () => transactions.filter((x) => x.customerId === customerId),
    [transactions, customerId],
  );
  const open = useMemo(() => Payments.invoicesWithOutstanding(mine), [mine]);
  const payments = mine
    .filter((x) => Payments.isPayment(x) && Payments.isStanding(x))
    .sort((a, b) => (a.date < b.date ? 1 : -1));
  const canManage = actor.roles.includes('Owner') || actor.roles.includes('Admin');
  const cancel = useCommand(Payments.cancel);
  const refund = useCommand(Payments.refund);
  const [cancelling, setCancelling] = useState<Payments.Transaction>();
  const confirm = cancelling ? Payments.cancelConfirmKey(cancelling) : undefined;
  const numberOf = (id: string) =>
    mine.find((x) => x._id === id)?.invoiceNumber ?? t('payments.pending-sync');

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{name}</DialogTitle>
        <DialogDescription>
          {t('payments.balance', { amount: money(Payments.customerBalance(mine), i18n.language) })}
        </DialogDescription>
      </DialogHeader>
      <section aria-label={t('route.invoices')} className="flex flex-col gap-1 text-sm">
        <h3 className="font-medium">{t('route.invoices')}</h3>
        {open.map((inv) => (
          <div key={inv.invoiceId} className="flex justify-between gap-2" data-testid="ledger-invoice">
            <span>
              {numberOf(inv.invoiceId)} · {dayLabel(inv.date, i18n.language)}
            </span>
            <span className="tabular-nums">
              {inv.outstanding > 0
                ? t('payments.invoice-owing', {
                    amount: money(inv.amount, i18n.language),
                    owing: money(inv.outstanding, i18n.language),
                  })
                : t('payments.invoice-paid', { amount: money(inv.amount, i18n.language) })}
            </span>
          </div>
        ))}
      </section>
      <section aria-label={t('route.payments')} className="flex flex-col gap-2 text-sm">
        <h3 className="font-medium">{t('route.payments')}</h3>
        {payments.map((p) => (
          <div key={p._id} className="flex flex-wrap items-center gap-2" data-testid="ledger-payment">
            <span className="flex-1">
              {dayLabel(p.date, i18n.language)} · {p.description}
            </span>
            <span className="tabular-nums">{money(-p.amount, i18n.language)}</span>
            {canManage && !Payments.isRefund(p) && (
              <>
                {!p.paymentDetails?.refundId && p.transactionType === 'Payment' && (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => refund.mutate({ paymentId: p._id, date: businessToday() })}
                  >
                    {t('payments.refund')}
                  </Button>
                )}
                <Button size="sm" variant="outline" onClick={() => setCancelling(p)}>
                  {t('payments.cancel')}
                </Button>
              </>
            )}
          </div>
        ))}
      </section>
      <AlertDialog open={!!cancelling} onOpenChange={(o) => !o && setCancelling(undefined)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{confirm && t(confirm.key, { count: confirm.count })}</AlertDialogTitle>
            <AlertDialogDescription>{cancelling?.description}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('general.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() => cancelling && cancel.mutate({ _id: cancelling._id })}
            >
              {t('payments.cancel')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </DialogContent>
  );
}
