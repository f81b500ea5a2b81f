import './strings.ts';
import { type Actor, type Customers, Payments } from '@roundwise/core';
import { HandCoins, PartyPopper } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Card } from '../../components/form';
import { ListBar } from '../../components/menu-bars/list-bar';
import { Screen } from '../../components/screen';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { money } from '../../lib/format';
import { useEntityList } from '../../lib/sync/hooks';
import { CustomerLedgerDialog } from './customer-ledger-dialog';
import { RecordPaymentDialog } from './record-payment-dialog';

interface Owing {
  customerId: string;
  name: string;
  address: string;
  balance: number;
}

/**
 * `owing`: the customers whose balance is above zero, most owed first, with the total. Read from
 * the synced transactions (Workers see it only when the account shows owing to workers: the
 * route table); each row records a payment against the customer.
 */
export function OwingScreen({ actor }: { actor: Actor }) {
  const { t, i18n } = useTranslation();
  const transactions = useEntityList<Payments.Transaction>('transaction');
  const customers = useEntityList<Customers.Customer>('customer');
  const rows = useMemo(() => {
    const byId = new Map(customers.map((c) => [c._id, c]));
    const out: Owing[] = [];
    for (const [customerId, balance] of Payments.balancesByCustomer(transactions)) {
      if (balance <= 0) continue;
      const c = byId.get(customerId);
      out.push({
        customerId,
        name: c?.name ?? '',
        address: c?.address?.addressDescription ?? '',
        balance,
      });
    }
    return out.sort((a, b) => b.balance - a.balance || a.name.localeCompare(b.name));
  }, [transactions, customers]);
  const total = Payments.fromPence(rows.reduce((s, r) => s + Payments.toPence(r.balance), 0));
  const [paying, setPaying] = useState<Owing>();
  const [viewing, setViewing] = useState<Owing>();

  return (
    <Screen
      title={t('route.owing')}
      bars={
        <ListBar summary={t('owing.summary', { count: rows.length, total: money(total, i18n.language) })} />
      }
    >
      <Dialog open={!!paying} onOpenChange={(open) => !open && setPaying(undefined)}>
        {paying && (
          <RecordPaymentDialog
            key={paying.customerId}
            customerId={paying.customerId}
            name={paying.name}
            owed={paying.balance}
            onDone={() => setPaying(undefined)}
          />
        )}
      </Dialog>
      <Dialog open={!!viewing} onOpenChange={(open) => !open && setViewing(undefined)}>
        {viewing && (
          <CustomerLedgerDialog
            actor={actor}
            customerId={viewing.customerId}
            name={viewing.name}
            transactions={transactions}
          />
        )}
      </Dialog>
      {rows.length === 0 ? (
        <EmptyState icon={PartyPopper} title={t('owing.empty-title')} text={t('owing.empty-text')} />
      ) : (
        <ul className="flex flex-col gap-2" data-testid="owing-list">
          {rows.map((row) => (
            <li key={row.customerId}>
              <Card className="flex items-center gap-3">
                <button type="button" className="min-w-0 flex-1 text-left" onClick={() => setViewing(row)}>
                  <div className="truncate font-medium">{row.name}</div>
                  {row.address && <div className="truncate text-sm text-muted-foreground">{row.address}</div>}
                  {/* The name a screen reader hears starts with what is seen (WCAG 2.5.3). */}
                  <span className="sr-only">{t('payments.account-of', { name: row.name })}</span>
                </button>
                <span className="font-medium tabular-nums" data-testid="owing-balance">
                  {money(row.balance, i18n.language)}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={t('payments.record-for', { name: row.name })}
                  onClick={() => setPaying(row)}
                >
                  <HandCoins aria-hidden />
                  <span className="sr-only sm:not-sr-only">{t('payments.record')}</span>
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}
