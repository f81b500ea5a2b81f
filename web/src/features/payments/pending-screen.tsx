import './strings.ts';
import { type Actor, type Customers, checkAccess, Payments } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { ShieldCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Card } from '../../components/form';
import { Screen } from '../../components/screen';
import { Badge } from '../../components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { dayLabel, money } from '../../lib/format';
import { useMe } from '../../lib/me';
import { useEntityList } from '../../lib/sync/hooks';
import { SyncPaymentsButton } from './sync-payments-button';

/** Spec 002 section 9: the pending settings are kept in local storage. */
const SETTINGS_KEY = 'roundwise:pending-settings';
const PROVIDERS: Payments.ProviderKind[] = ['direct-debit', 'card'];
const LEVEL_VARIANT = {
  Low: 'secondary',
  Medium: 'outline',
  High: 'default',
  Critical: 'destructive',
} as const;

function readShowLow(): boolean {
  try {
    return JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}').showLowRiskCustomers === true;
  } catch {
    return false;
  }
}

/**
 * `pending` (spec 002 section 2.4): one tab per provider, the customers with pending payments or a
 * pending mandate ranked by risk (`Payments.rankPending`), the Low ones only when the setting is
 * on; developer mode shows the score. A row opens the customer's pending payments.
 */
export function PendingScreen({ actor, now }: { actor: Actor; now: Date }) {
  const { t, i18n } = useTranslation();
  const transactions = useEntityList<Payments.Transaction>('transaction');
  const customers = useEntityList<Customers.Customer>('customer');
  const [showLow, setShowLow] = useState(readShowLow);
  const [open, setOpen] = useState<Payments.RankedCustomer & { provider: Payments.ProviderKind }>();
  const ranked = useMemo(
    () =>
      Object.fromEntries(
        PROVIDERS.map((p) => [
          p,
          Payments.rankPending(customers, transactions, p, now, { showLowRiskCustomers: showLow }),
        ]),
      ) as Record<Payments.ProviderKind, Payments.RankedCustomer[]>,
    [customers, transactions, now, showLow],
  );
  // Provider connections (an account setting): which tabs can have anything to show.
  const connections = useMe().account.settings.paymentConnections ?? {};
  const connected = PROVIDERS.filter((p) => connections[p]);
  // Connecting is Owner/Admin's, in the settings (the server's access for the connections).
  const canConnect = checkAccess({ roles: ['Owner', 'Admin'] }, actor).ok;
  const toggleLow = (on: boolean) => {
    setShowLow(on);
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ showLowRiskCustomers: on }));
  };
  return (
    <Screen title={t('route.pending')} actions={<SyncPaymentsButton actor={actor} />}>
      {connected.length < PROVIDERS.length && (
        <p className="mb-3 rounded-md border p-3 text-sm" role="status" data-testid="pending-connections">
          {t(connected.length === 0 ? 'pending.no-connected-providers' : 'pending.missing-connections')}
          {canConnect && (
            <>
              {' '}
              <Link
                to="/settings"
                hash="payment-providers"
                className="font-medium underline underline-offset-2"
              >
                {t('pending.connect-providers')}
              </Link>
            </>
          )}
        </p>
      )}
      <div className="mb-3 flex items-center gap-2">
        <Switch id="pending-show-low" checked={showLow} onCheckedChange={toggleLow} />
        <Label htmlFor="pending-show-low">{t('pending.show-low-risk')}</Label>
      </div>
      <Tabs defaultValue="direct-debit">
        <TabsList>
          {PROVIDERS.map((p) => (
            <TabsTrigger key={p} value={p}>
              {t(`pending.provider-${p}`)} ({ranked[p].length})
            </TabsTrigger>
          ))}
        </TabsList>
        {PROVIDERS.map((p) => (
          <TabsContent key={p} value={p}>
            {ranked[p].length === 0 ? (
              <EmptyState
                icon={ShieldCheck}
                title={t(`pending.provider-${p}`)}
                text={t('pending.no-pending-customers-for-payment-provider')}
              />
            ) : (
              <ul className="flex flex-col gap-2" data-testid={`pending-list-${p}`}>
                {ranked[p].map((r) => (
                  <li key={r.customerId}>
                    <button
                      type="button"
                      className="w-full text-left"
                      onClick={() => setOpen({ ...r, provider: p })}
                    >
                      <Card className="flex items-center gap-3">
                        <div className="min-w-0 flex-1">
                          <div className="truncate font-medium">{r.name}</div>
                          <div className="text-sm text-muted-foreground">
                            {t('pending.row-summary', {
                              count: r.pendingCount,
                              amount: money(r.pendingAmount, i18n.language),
                              days: r.oldestPendingDays,
                            })}
                          </div>
                        </div>
                        {actor.developerMode && (
                          <span
                            className="text-sm tabular-nums text-muted-foreground"
                            data-testid="risk-score"
                          >
                            {Math.round(r.riskScore * 10) / 10}
                          </span>
                        )}
                        <Badge variant={LEVEL_VARIANT[r.riskLevel]}>
                          {t(`pending.level-${r.riskLevel}`)}
                        </Badge>
                      </Card>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </TabsContent>
        ))}
      </Tabs>
      <Dialog open={!!open} onOpenChange={(o) => !o && setOpen(undefined)}>
        {open && <PendingDetail ranked={open} provider={open.provider} transactions={transactions} />}
      </Dialog>
    </Screen>
  );
}

/** The detail dialog (its contents are ours to decide): the factors, the mandate, the pending payments and their history. */
function PendingDetail({
  ranked,
  provider,
  transactions,
}: {
  ranked: Payments.RankedCustomer;
  provider: Payments.ProviderKind;
  transactions: Payments.Transaction[];
}) {
  const { t, i18n } = useTranslation();
  const pending = transactions
    .filter(
      (x) =>
        x.customerId === ranked.customerId &&
        x.status === 'pending' &&
        !x.voidedId &&
        x.transactionType !== 'Invoice' &&
        Payments.providerKindOf(x) === provider,
    )
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{ranked.name}</DialogTitle>
        <DialogDescription>
          {t('pending.detail-summary', { level: t(`pending.level-${ranked.riskLevel}`) })}
        </DialogDescription>
      </DialogHeader>
      {ranked.contributingFactors.length > 0 && (
        <ul className="list-disc pl-5 text-sm">
          {ranked.contributingFactors.map((f) => (
            <li key={f}>{t(f)}</li>
          ))}
        </ul>
      )}
      {ranked.mandatePending && <p className="text-sm">{t('pending.mandate-pending')}</p>}
      <ul className="flex flex-col gap-2 text-sm" data-testid="pending-payments">
        {pending.map((x) => (
          <li key={x._id} className="rounded-md border p-2">
            <div className="flex justify-between gap-2">
              <span>{dayLabel(x.date, i18n.language)}</span>
              <span className="tabular-nums">{money(Math.abs(x.amount), i18n.language)}</span>
            </div>
            <div className="text-muted-foreground">{x.description}</div>
            {x.paymentDetails?.paymentHistory?.map((h) => {
              const explained = Payments.failureExplanation(h);
              return (
                <div key={`${h.created}${h.action}`} className="text-xs text-muted-foreground">
                  {h.created.slice(0, 10)} {h.action}
                  {h.details?.cause ? `: ${h.details.cause}` : ''}
                  {explained && <div className="text-foreground">{t(explained)}</div>}
                </div>
              );
            })}
          </li>
        ))}
      </ul>
    </DialogContent>
  );
}
