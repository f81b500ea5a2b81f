import './strings.ts';
import { type Actor, type Customers, checkAccess, Payments } from '@roundwise/core';
import { FilePlus, HandCoins, Link2, Zap } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
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
import { Dialog } from '../../components/ui/dialog';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { dayLabel, money } from '../../lib/format';
import { useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { NewInvoiceDialog } from './new-invoice-dialog';
import { PaymentDetailDialog } from './payment-detail-dialog';
import { PaymentLinksDialog } from './payment-links-dialog';
import { PaymentRow } from './payment-row';
import { RecordPaymentDialog } from './record-payment-dialog';

/**
 * A customer's payments tab (the customers route composes it; features never import each other):
 * the balance, 'New invoice' (Owner, Admin) and 'Record payment' actions (the dialog the owing screen uses, online or offline),
 * the invoices with what is still to pay (each opens in the invoices screen when the user may go
 * there) and the payments, each opening its detail. Owner, Admin and Creator get the customer's
 * payment links (`PaymentLinksDialog`); those `payments.collect` allows collect what is owed
 * through the mandate or card on file, after confirming.
 */
export function CustomerPayments({
  actor,
  customer,
  onOpenInvoice,
}: {
  actor: Actor;
  customer: Customers.Customer & { _id: string };
  onOpenInvoice?: (invoiceId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const transactions = useEntityList<Payments.Transaction>('transaction');
  const accounts = useEntityList<Payments.PaymentAccount>('paymentAccount');
  const mine = useMemo(
    () => transactions.filter((x) => x.customerId === customer._id),
    [transactions, customer._id],
  );
  const balance = Payments.customerBalance(mine);
  const invoices = useMemo(() => Payments.invoicesWithOutstanding(mine).reverse(), [mine]);
  const payments = useMemo(
    () =>
      mine
        .filter((x) => Payments.isPayment(x) && !x._id.endsWith('-void'))
        .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)),
    [mine],
  );
  const [paying, setPaying] = useState(false);
  const [invoicing, setInvoicing] = useState(false);
  const [detail, setDetail] = useState<string>();
  const [links, setLinks] = useState(false);
  const [collecting, setCollecting] = useState(false);
  const collect = useCommand(Payments.collect);
  const method = collectableMethod(customer);
  const canCollect = !!method && balance > 0 && checkAccess(Payments.collect.access, actor).ok;
  const selected = detail ? transactions.find((x) => x._id === detail) : undefined;
  const numberOf = (id: string) =>
    mine.find((x) => x._id === id)?.invoiceNumber ?? t('payments.pending-sync');

  return (
    <div className="flex flex-col gap-4" data-testid="customer-payments">
      <Card className="flex flex-wrap items-center gap-3">
        <div className="flex-1">
          <div className="text-sm text-muted-foreground">{t('payments.balance-label')}</div>
          <div className="text-lg font-semibold tabular-nums" data-testid="customer-balance">
            {money(balance, i18n.language)}
          </div>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          {checkAccess(LINK_ACCESS, actor).ok && (
            <Button variant="outline" onClick={() => setLinks(true)}>
              <Link2 aria-hidden />
              {t('payments.links')}
            </Button>
          )}
          {canCollect && (
            <Button variant="outline" onClick={() => setCollecting(true)}>
              <Zap aria-hidden />
              {t('payments.collect')}
            </Button>
          )}
          {checkAccess(Payments.createInvoice.access, actor).ok && (
            <Button variant="outline" onClick={() => setInvoicing(true)}>
              <FilePlus aria-hidden />
              {t('invoices.new')}
            </Button>
          )}
          <Button onClick={() => setPaying(true)}>
            <HandCoins aria-hidden />
            {t('payments.record')}
          </Button>
        </div>
      </Card>
      <Card>
        <h2 className="mb-2 font-semibold">{t('route.invoices')}</h2>
        {invoices.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('invoices.none-for-customer')}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {invoices.map((inv) => (
              <li
                key={inv.invoiceId}
                className="flex items-center justify-between gap-2"
                data-testid="ledger-invoice"
              >
                {onOpenInvoice ? (
                  <button
                    type="button"
                    className="underline-offset-2 hover:underline"
                    onClick={() => onOpenInvoice(inv.invoiceId)}
                  >
                    {numberOf(inv.invoiceId)} · {dayLabel(inv.date, i18n.language)}
                  </button>
                ) : (
                  <span>
                    {numberOf(inv.invoiceId)} · {dayLabel(inv.date, i18n.language)}
                  </span>
                )}
                <span className="tabular-nums">
                  {inv.outstanding > 0
                    ? t('payments.invoice-owing', {
                        amount: money(inv.amount, i18n.language),
                        owing: money(inv.outstanding, i18n.language),
                      })
                    : t('payments.invoice-paid', { amount: money(inv.amount, i18n.language) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card>
        <h2 className="mb-2 font-semibold">{t('route.payments')}</h2>
        {payments.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('payments.none-for-customer')}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {payments.map((p) => (
              <li key={p._id}>
                <PaymentRow payment={p} onOpen={setDetail} testId="ledger-payment" className="px-2 py-1.5" />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Dialog open={paying} onOpenChange={setPaying}>
        {paying && (
          <RecordPaymentDialog
            customerId={customer._id}
            name={customer.name}
            owed={balance}
            onDone={() => setPaying(false)}
          />
        )}
      </Dialog>
      <Dialog open={invoicing} onOpenChange={setInvoicing}>
        {invoicing && <NewInvoiceDialog customer={customer} onDone={() => setInvoicing(false)} />}
      </Dialog>
      <Dialog open={links} onOpenChange={setLinks}>
        {links && <PaymentLinksDialog customer={customer} />}
      </Dialog>
      <AlertDialog open={collecting} onOpenChange={setCollecting}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('payments.collect')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('payments.collect-confirm', {
                amount: money(balance, i18n.language),
                name: customer.name,
                method: t(`pending.provider-${method ?? 'direct-debit'}`),
              })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('general.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                // A refusal (no method, nothing owed, provider not connected) is said here and
                // listed with the shell's refused changes, as every refused command is.
                collect.mutate(
                  { customerId: customer._id },
                  { onError: (e) => toast.error(`${t('payments.collect-failed')} ${errorText(t, e)}`) },
                );
                toast.success(t('payments.collect-asked'));
              }}
            >
              {t('payments.collect')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      {selected && (
        <PaymentDetailDialog
          actor={actor}
          payment={selected}
          transactions={transactions}
          accounts={accounts}
          customerName={customer.name}
          onClose={() => setDetail(undefined)}
        />
      )}
    </div>
  );
}

/** Who may hand a customer their payment links: the server's LINK_ACCESS (functions/src/api/payments.ts). */
const LINK_ACCESS = { roles: ['Owner', 'Admin', 'Creator'] } as const;

/**
 * The kind of the customer's automatic payment method when `payments.collect` can use it: a
 * mandate or card on file that has not failed or been cancelled (a pending mandate is enough: the
 * provider holds the payment until it is active).
 */
function collectableMethod(customer: Customers.Customer): Payments.ProviderKind | undefined {
  const meta = customer.paymentProviderMetaData;
  if (!meta?.sourceOrMandateId || meta.status === 'failed' || meta.status === 'cancelled') return undefined;
  return Payments.providerKindOf({ transactionSubType: customer.automaticPaymentMethod });
}
