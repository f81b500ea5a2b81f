import './strings.ts';
import { type Actor, type Customers, type Entity, Notifications, Payments } from '@roundwise/core';
import { HandCoins, Mail, Printer } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { barButton } from '../../components/menu-bars/bar';
import { ContextMenuBar } from '../../components/menu-bars/context-menu-bar';
import { Screen } from '../../components/screen';
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
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { dayLabel, money } from '../../lib/format';
import { useMe } from '../../lib/me';
import { useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { PaymentDetailDialog } from './payment-detail-dialog';
import { PaymentRow } from './payment-row';
import { RecordPaymentDialog } from './record-payment-dialog';

/**
 * One invoice: a print-ready document (the `invoice-print` element is all that prints, see
 * styles.css; "Print or save as PDF" is the browser's print, docs/payments.md), what is still to
 * pay, the payments that pay it (each opens its detail, whose cancel wording counts the other
 * invoices it pays), recording a payment against it, and sending it to the customer by email
 * through the messaging pipeline (`notifications.send`, so it waits offline and sends once).
 */
export function InvoiceDetail({
  actor,
  invoice,
  customer,
  transactions,
  onBack,
}: {
  actor: Actor;
  invoice: Entity<Payments.Transaction>;
  customer?: Customers.Customer;
  transactions: readonly Entity<Payments.Transaction>[];
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const accounts = useEntityList<Payments.PaymentAccount>('paymentAccount');
  const mine = useMemo(
    () => transactions.filter((x) => x.customerId === invoice.customerId),
    [transactions, invoice.customerId],
  );
  const standing = useMemo(
    () =>
      Payments.invoiceStandings(mine).get(invoice._id) ?? {
        outstanding: invoice.amount,
        state: 'unpaid' as const,
      },
    [mine, invoice],
  );
  const payments = useMemo(() => Payments.paymentsOfInvoice(mine, invoice._id), [mine, invoice._id]);
  const [paying, setPaying] = useState(false);
  const [sending, setSending] = useState(false);
  const [detail, setDetail] = useState<string>();
  const selected = detail ? transactions.find((x) => x._id === detail) : undefined;
  const fmt = (n: number) => money(n, i18n.language, invoice.currency);
  const number = invoice.invoiceNumber ?? t('payments.pending-sync');
  const settings = me.account.settings.invoiceSettings;

  return (
    <Screen
      title={t('route.invoices')}
      bars={
        <ContextMenuBar title={number} onBack={onBack}>
          <button type="button" className={barButton} onClick={() => window.print()}>
            <Printer className="size-4" aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('invoices.print')}</span>
          </button>
          {customer && (
            <button type="button" className={barButton} onClick={() => setSending(true)}>
              <Mail className="size-4" aria-hidden />
              <span className="sr-only sm:not-sr-only">{t('invoices.send')}</span>
            </button>
          )}
          {customer && standing.state !== 'cancelled' && (
            <button type="button" className={barButton} onClick={() => setPaying(true)}>
              <HandCoins className="size-4" aria-hidden />
              <span className="sr-only sm:not-sr-only">{t('payments.record')}</span>
            </button>
          )}
        </ContextMenuBar>
      }
    >
      <article
        id="invoice-print"
        data-testid="invoice-document"
        className="flex flex-col gap-6 rounded-lg border bg-card p-6 text-card-foreground print:border-0 print:p-0"
      >
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 className="text-xl font-semibold">{me.account.businessName}</h2>
            <div className="text-sm text-muted-foreground">
              {[settings.email, settings.phone, settings.website].filter(Boolean).map((line) => (
                <div key={line}>{line}</div>
              ))}
            </div>
          </div>
          <div className="sm:text-right">
            <div className="text-sm uppercase tracking-wide text-muted-foreground">
              {t('invoices.invoice')}
            </div>
            <div className="text-lg font-semibold tabular-nums" data-testid="invoice-number">
              {number}
            </div>
            <div className="text-sm">{dayLabel(invoice.date, i18n.language, 'long')}</div>
          </div>
        </header>
        <section>
          <div className="text-sm text-muted-foreground">{t('invoices.bill-to')}</div>
          <div className="font-medium">{customer?.name ?? '—'}</div>
          {customer?.address.addressDescription && (
            <div className="whitespace-pre-wrap text-sm">{customer.address.addressDescription}</div>
          )}
        </section>
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th className="py-2 font-normal">{t('invoices.description')}</th>
              <th className="py-2 text-right font-normal">{t('payments.amount')}</th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b">
              <td className="py-2">{invoice.description || t('invoices.invoice')}</td>
              <td className="py-2 text-right tabular-nums">{fmt(invoice.amount)}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <td className="pt-2 text-right text-muted-foreground">{t('invoices.total')}</td>
              <td className="pt-2 text-right font-medium tabular-nums">{fmt(invoice.amount)}</td>
            </tr>
            <tr>
              <td className="text-right text-muted-foreground">{t('invoices.paid')}</td>
              <td className="text-right tabular-nums">{fmt(invoice.amount - standing.outstanding)}</td>
            </tr>
            <tr>
              <td className="text-right font-medium">{t('invoices.to-pay')}</td>
              <td className="text-right font-semibold tabular-nums" data-testid="invoice-outstanding">
                {fmt(standing.outstanding)}
              </td>
            </tr>
          </tfoot>
        </table>
        <div>
          <Badge
            variant={standing.state === 'unpaid' ? 'destructive' : 'secondary'}
            data-testid="invoice-state"
          >
            {t(`invoices.state-${standing.state}`)}
          </Badge>
        </div>
      </article>
      <section aria-label={t('route.payments')} className="mt-4 flex flex-col gap-2 print:hidden">
        <h3 className="font-medium">{t('route.payments')}</h3>
        {payments.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('invoices.no-payments')}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {payments.map((p) => (
              <li key={p._id}>
                <PaymentRow
                  payment={p}
                  onOpen={setDetail}
                  testId="invoice-payment"
                  className="border px-3 py-2"
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      {paying && customer && (
        <Dialog open onOpenChange={(o) => !o && setPaying(false)}>
          <RecordPaymentDialog
            customerId={invoice.customerId ?? ''}
            name={customer.name}
            owed={standing.outstanding}
            invoiceId={invoice._id}
            onDone={() => setPaying(false)}
          />
        </Dialog>
      )}
      {sending && customer && (
        <SendInvoiceDialog
          invoice={invoice}
          customer={customer}
          outstanding={standing.outstanding}
          businessName={me.account.businessName}
          onClose={() => setSending(false)}
        />
      )}
      {selected && (
        <PaymentDetailDialog
          actor={actor}
          payment={selected}
          transactions={transactions}
          accounts={accounts}
          customerName={customer?.name ?? ''}
          fromInvoiceId={invoice._id}
          onClose={() => setDetail(undefined)}
        />
      )}
    </Screen>
  );
}

/** Asks before mailing the invoice to the customer's address, showing the message it sends. */
function SendInvoiceDialog({
  invoice,
  customer,
  outstanding,
  businessName,
  onClose,
}: {
  invoice: Payments.Transaction;
  customer: Customers.Customer;
  outstanding: number;
  businessName: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const send = useCommand(Notifications.send);
  const fmt = (n: number) => money(n, i18n.language, invoice.currency);
  const number = invoice.invoiceNumber ?? '';
  const subject = t('invoices.email-subject', { number, businessName });
  const content = t('invoices.email-body', {
    name: customer.name,
    number,
    date: dayLabel(invoice.date, i18n.language, 'long'),
    description: invoice.description || t('invoices.invoice'),
    amount: fmt(invoice.amount),
    owing: fmt(outstanding),
    businessName,
  });
  const submit = () => {
    send.mutate(
      { customerId: customer._id, type: 'Email', subject, content, relatedItemId: invoice._id },
      { onError: (e) => toast.error(`${t('invoices.send-failed')} ${errorText(t, e)}`) },
    );
    toast.success(t('invoices.sent', { email: customer.email }));
    onClose();
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-lg" data-testid="send-invoice">
        <DialogHeader>
          <DialogTitle>{t('invoices.send-title')}</DialogTitle>
          <DialogDescription>
            {customer.email ? t('invoices.send-to', { email: customer.email }) : t('invoices.no-email')}
          </DialogDescription>
        </DialogHeader>
        {!invoice.invoiceNumber ? (
          <p className="text-sm text-muted-foreground">{t('invoices.not-yet-numbered')}</p>
        ) : (
          <div className="rounded-md border p-3 text-sm">
            <div className="font-medium">{subject}</div>
            <p className="mt-2 whitespace-pre-wrap text-muted-foreground">{content}</p>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('general.cancel')}
          </Button>
          <Button onClick={submit} disabled={!customer.email || !invoice.invoiceNumber}>
            {t('invoices.send')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
