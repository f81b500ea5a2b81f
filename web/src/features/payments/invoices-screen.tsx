import './strings.ts';
import { type Actor, type Customers, checkAccess, type Entity, Payments } from '@roundwise/core';
import { FilePlus, FileText } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { ListBar } from '../../components/menu-bars/list-bar';
import { SearchBar } from '../../components/menu-bars/search-bar';
import { Screen } from '../../components/screen';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { dayLabel, money } from '../../lib/format';
import { useEntities, useEntityList } from '../../lib/sync/hooks';
import { useWindowList } from '../../lib/use-window-list';
import { InvoiceDetail } from './invoice-detail';
import { NewInvoiceDialog } from './new-invoice-dialog';

/** Fixed height: the virtualiser places rows without measuring them. */
const ROW_HEIGHT = 72;

interface InvoiceRow {
  invoice: Entity<Payments.Transaction>;
  customerName: string;
  standing: Payments.InvoiceStanding;
  /** Lower-case text the search looks in: number, customer, description, amount, date. */
  text: string;
}

/**
 * `invoices/{transactionIdOrInvoiceNumber?}` (spec 000 section 2.3: Core; Owner, Admin): every
 * invoice, newest first, virtualised, with search; an id or an invoice number in the address opens
 * the invoice (its print-ready view, sending and payments). Read from the synced ledger. Owner and
 * Admin make an invoice by hand here ('New invoice').
 */
export function InvoicesScreen({
  actor,
  selected,
  onOpen,
}: {
  actor: Actor;
  selected?: string;
  onOpen: (idOrNumber?: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const transactions = useEntityList<Payments.Transaction>('transaction');
  const customers = useEntities<Customers.Customer>('customer');
  const rows = useMemo(() => {
    const standings = Payments.invoiceStandings(transactions);
    const out: InvoiceRow[] = [];
    for (const invoice of transactions) {
      // A cancelled invoice's reversal is bookkeeping, not an invoice of its own.
      if (invoice.transactionType !== 'Invoice' || invoice.amount < 0) continue;
      const customerName = invoice.customerId ? (customers[invoice.customerId]?.name ?? '') : '';
      out.push({
        invoice,
        customerName,
        standing: standings.get(invoice._id) ?? { outstanding: invoice.amount, state: 'unpaid' },
        text: [
          invoice.invoiceNumber ?? '',
          customerName,
          invoice.description,
          invoice.amount.toFixed(2),
          invoice.date,
        ]
          .join(' ')
          .toLowerCase(),
      });
    }
    return out.sort((a, b) =>
      a.invoice.date < b.invoice.date
        ? 1
        : a.invoice.date > b.invoice.date
          ? -1
          : a.invoice._id < b.invoice._id
            ? 1
            : -1,
    );
  }, [transactions, customers]);
  const [text, setText] = useState('');
  const [creating, setCreating] = useState(false);
  const shown = useMemo(() => {
    const words = Payments.searchWords(text);
    return words.length ? rows.filter((r) => words.every((w) => r.text.includes(w))) : rows;
  }, [rows, text]);
  const open = selected
    ? transactions.find(
        (x) => x.transactionType === 'Invoice' && (x._id === selected || x.invoiceNumber === selected),
      )
    : undefined;

  if (selected && open) {
    return (
      <InvoiceDetail
        actor={actor}
        invoice={open}
        customer={open.customerId ? customers[open.customerId] : undefined}
        transactions={transactions}
        onBack={() => onOpen(undefined)}
      />
    );
  }
  return (
    <Screen
      title={t('route.invoices')}
      actions={
        checkAccess(Payments.createInvoice.access, actor).ok && (
          <Button size="sm" onClick={() => setCreating(true)}>
            <FilePlus aria-hidden />
            {t('invoices.new')}
          </Button>
        )
      }
      bars={
        <div className="sticky top-14 z-10">
          <SearchBar value={text} onSearch={setText} placeholder={t('invoices.search')} />
          <ListBar summary={t('invoices.count', { count: shown.length })} />
        </div>
      }
    >
      {selected && !open && (
        <p role="alert" className="mb-3 rounded-md border border-destructive/40 px-3 py-2 text-sm">
          {t('invoices.not-found', { id: selected })}
        </p>
      )}
      {rows.length === 0 ? (
        <EmptyState icon={FileText} title={t('route.invoices')} text={t('invoices.empty')} />
      ) : shown.length === 0 ? (
        <EmptyState icon={FileText} title={t('route.invoices')} text={t('invoices.empty-filtered')} />
      ) : (
        <VirtualInvoices
          rows={shown}
          query={text}
          onOpen={(r) => onOpen(r.invoice._id)}
          language={i18n.language}
        />
      )}
      <Dialog open={creating} onOpenChange={setCreating}>
        {creating && <NewInvoiceDialog onDone={() => setCreating(false)} />}
      </Dialog>
    </Screen>
  );
}

const STATE_VARIANT = {
  paid: 'secondary',
  'part-paid': 'outline',
  unpaid: 'destructive',
  cancelled: 'outline',
} as const;

function VirtualInvoices({
  rows,
  query,
  onOpen,
  language,
}: {
  rows: InvoiceRow[];
  query: string;
  onOpen: (row: InvoiceRow) => void;
  language: string;
}) {
  const { t } = useTranslation();
  const { listRef, virtualizer, top } = useWindowList<HTMLUListElement>({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
  });
  return (
    <ul
      ref={listRef}
      aria-label={t('route.invoices')}
      data-testid="invoice-list"
      data-query={query}
      data-count={rows.length}
      className="relative rounded-lg border"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index] as InvoiceRow;
        const { invoice, standing } = row;
        return (
          <li
            key={invoice._id}
            className="absolute inset-x-0 top-0 border-b last:border-b-0"
            style={{ height: ROW_HEIGHT, transform: `translateY(${top(item)}px)` }}
          >
            <button
              type="button"
              data-testid="invoice-row"
              onClick={() => onOpen(row)}
              className="flex h-full w-full items-center gap-3 px-4 text-left hover:bg-accent"
            >
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-2">
                  <span className="shrink-0 font-medium tabular-nums">
                    {invoice.invoiceNumber ?? t('payments.pending-sync')}
                  </span>
                  <span className="truncate">{row.customerName}</span>
                </span>
                <span className="block truncate text-sm text-muted-foreground">
                  {dayLabel(invoice.date, language)} · {invoice.description}
                </span>
              </span>
              <span className="flex shrink-0 flex-col items-end gap-1 text-sm">
                <span className="font-medium tabular-nums">
                  {money(invoice.amount, language, invoice.currency)}
                </span>
                <Badge variant={STATE_VARIANT[standing.state]}>{t(`invoices.state-${standing.state}`)}</Badge>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
