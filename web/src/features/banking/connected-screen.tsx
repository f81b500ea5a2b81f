import './strings.ts';
import { newId } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, secondaryButtonClass } from '../../components/form';
import { Screen } from '../../components/screen';
import { errorText } from '../../lib/errors';
import { useSyncNow } from '../../lib/sync/hooks';
import { useConnectBank } from './api/connect-bank';

/**
 * `connected-service/{provider}`: where the bank's consent page comes back. The code it brings is
 * made into a connection once (one key per code), then the confirmation with next steps: the
 * chart of accounts (the bank's accounts are its funds now) and the imported transactions.
 */
export function ConnectedScreen({ code, denied }: { code?: string; denied: boolean }) {
  const { t } = useTranslation();
  const connect = useConnectBank();
  const [key] = useState(newId);
  const sent = useRef(false);
  const pull = useSyncNow();
  useEffect(() => {
    if (!code || sent.current) return;
    sent.current = true;
    // The connection and its accounts are the server's writes: this device pulls them at once.
    connect.mutate({ code, key }, { onSuccess: () => void pull() });
  }, [code, key, connect, pull]);
  const connection = connect.data?.connection;
  return (
    <Screen title={t('banking.connected-title')}>
      <div className="mx-auto flex max-w-xl flex-col gap-4">
        {denied || !code ? (
          <Card role="alert">
            <p>{t('connected-services.consent-invalid')}</p>
            <Link
              to="/import-transactions/$"
              params={{ _splat: 'banks' }}
              className={`${secondaryButtonClass} mt-3`}
            >
              {t('banking.try-again')}
            </Link>
          </Card>
        ) : connect.isError ? (
          <Card role="alert">
            <p className="text-destructive">{errorText(t, connect.error)}</p>
            <Link
              to="/import-transactions/$"
              params={{ _splat: 'banks' }}
              className={`${secondaryButtonClass} mt-3`}
            >
              {t('banking.try-again')}
            </Link>
          </Card>
        ) : !connection ? (
          <p className="py-8 text-center text-muted-foreground">{t('banking.connecting')}</p>
        ) : (
          <Card data-testid="bank-connected">
            <h2 className="flex items-center gap-2 text-lg font-medium">
              <CheckCircle2 className="size-5 text-green-700" aria-hidden />
              {t('banking.connected', { name: connection.institutionName })}
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">
              {t('banking.connected-text', { count: connection.accounts.length })}
            </p>
            <h3 className="mt-4 font-medium">{t('banking.next-steps')}</h3>
            <ul className="mt-2 flex flex-col gap-2">
              <li>
                <Link to="/chart-of-accounts/{-$tab}" className="underline">
                  {t('banking.next-chart')}
                </Link>
              </li>
              <li>
                <Link to="/import-transactions/$" params={{ _splat: '' }} className="underline">
                  {t('banking.next-transactions')}
                </Link>
              </li>
            </ul>
          </Card>
        )}
      </div>
    </Screen>
  );
}
