import './strings.ts';
import type { Payments } from '@roundwise/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
import { errorText } from '../../lib/errors';
import { dayLabel } from '../../lib/format';
import { answer, api } from '../../lib/http';
import { meQuery } from '../../lib/me';
import { toast } from '../../lib/toast';
import { useOnline } from '../../lib/use-online';

const KINDS: Payments.ProviderKind[] = ['direct-debit', 'card'];

const connectionsQuery = queryOptions({
  queryKey: ['payment-connections'],
  queryFn: () => answer(api.payments.connections.$get()),
});

/** The anchor the pending screen's notice links to (`/settings#payment-providers`). */
const PAYMENT_PROVIDERS_ID = 'payment-providers';

/**
 * Payment providers (Owner, Admin: the access `PUT /api/payments/connections/:kind` checks): the
 * direct-debit and the card provider, connected or not and since when, Connect and Disconnect
 * (asked first; the payments taken stay). Connecting is the server's (an account setting), so it
 * needs a connection; `me` is asked again after, since the pending screen reads the connections
 * from the account's settings there.
 */
export function PaymentProvidersCard() {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const client = useQueryClient();
  const { data, error } = useQuery(connectionsQuery);
  const [disconnecting, setDisconnecting] = useState<Payments.ProviderKind>();
  const change = useMutation({
    mutationFn: ({ kind, connected }: { kind: Payments.ProviderKind; connected: boolean }) =>
      answer(api.payments.connections[':kind'].$put({ param: { kind }, json: { connected } })),
    onSuccess: ({ connections }, { kind, connected }) => {
      client.setQueryData(connectionsQuery.queryKey, (old) => old && { ...old, connections });
      void client.invalidateQueries({ queryKey: meQuery.queryKey });
      toast.success(
        t(connected ? 'payments.provider-connected' : 'payments.provider-disconnected', {
          provider: t(`pending.provider-${kind}`),
        }),
      );
    },
    onError: (e) => toast.error(errorText(t, e)),
  });
  return (
    <Card id={PAYMENT_PROVIDERS_ID} data-testid="payment-providers" data-remote-support-mask>
      <h2 className="font-semibold">{t('payments.providers')}</h2>
      <p className="mb-2 text-sm text-muted-foreground">{t('payments.providers-description')}</p>
      {!data ? (
        <p role="status" className="text-sm">
          {!online
            ? t('payments.providers-offline')
            : error
              ? errorText(t, error)
              : t('payments.providers-loading')}
        </p>
      ) : (
        <ul className="flex flex-col divide-y">
          {KINDS.map((kind) => {
            const connection = data.connections[kind];
            const available = data.available.some((a) => a.kind === kind);
            return (
              <li
                key={kind}
                className="flex min-h-12 flex-wrap items-center gap-3 py-2"
                data-testid={`provider-${kind}`}
              >
                <div className="min-w-0 flex-1">
                  <div className="font-medium">{t(`pending.provider-${kind}`)}</div>
                  <div className="text-sm text-muted-foreground">
                    {connection
                      ? t('payments.connected-since', {
                          date: dayLabel(connection.connectedAt.slice(0, 10), i18n.language),
                        })
                      : t(available ? 'payments.not-connected' : 'payments.provider-not-available')}
                  </div>
                </div>
                {connection ? (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={!online || change.isPending}
                    onClick={() => setDisconnecting(kind)}
                  >
                    {t('payments.disconnect')}
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    disabled={!online || !available || change.isPending}
                    onClick={() => change.mutate({ kind, connected: true })}
                  >
                    {t('payments.connect')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <AlertDialog open={!!disconnecting} onOpenChange={(o) => !o && setDisconnecting(undefined)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {t('payments.disconnect-title', { provider: t(`pending.provider-${disconnecting ?? 'card'}`) })}
            </AlertDialogTitle>
            <AlertDialogDescription>{t('payments.disconnect-description')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('general.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() => disconnecting && change.mutate({ kind: disconnecting, connected: false })}
            >
              {t('payments.disconnect')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
