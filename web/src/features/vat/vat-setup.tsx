import './strings.ts';
import { Vat } from '@roundwise/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Card, Field, inputClass, secondaryButtonClass } from '../../components/form';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { useEntity } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { useProblem } from '../../lib/use-problem';
import { connectionQuery, useConnect, useDisconnect } from './api/vat';

/** The VAT number and scheme (a command), and the connection to HMRC (OAuth, the server's). */
export function VatSetup() {
  const { t } = useTranslation();
  const settings = useEntity<Vat.VatSettings>('vatSettings', Vat.VAT_SETTINGS_ID);
  const setup = useCommand(Vat.setup);
  const [vrn, setVrn] = useState(settings?.vrn ?? '');
  const [scheme, setScheme] = useState<Vat.VatScheme>(settings?.scheme ?? 'standard');
  const [rate, setRate] = useState(String(settings?.flatRatePercent ?? ''));
  const [error, setError] = useProblem();
  const connection = useQuery(connectionQuery);
  const connect = useConnect();
  const disconnect = useDisconnect();
  const returned = new URLSearchParams(window.location.search).get('hmrc');
  const save = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setup.mutate(
      { vrn, scheme, ...(scheme === 'flat-rate' ? { flatRatePercent: Number(rate) } : {}) },
      { onSuccess: () => toast.success(t('vat.setup.saved')), onError: (x) => setError(x) },
    );
  };
  return (
    <>
      <Card>
        <form className="flex flex-col gap-4" onSubmit={save}>
          <Field label={t('vat.setup.vrn')} error={error}>
            <input
              className={inputClass}
              value={vrn}
              onChange={(e) => setVrn(e.target.value)}
              inputMode="numeric"
            />
          </Field>
          <Field label={t('vat.setup.scheme')}>
            <select
              className={inputClass}
              value={scheme}
              onChange={(e) => setScheme(e.target.value as Vat.VatScheme)}
            >
              {Vat.VatScheme.options.map((s) => (
                <option key={s} value={s}>
                  {t(`vat.scheme.${s}`)}
                </option>
              ))}
            </select>
          </Field>
          {scheme === 'flat-rate' && (
            <Field label={t('vat.setup.flat-rate')}>
              <input
                className={inputClass}
                value={rate}
                onChange={(e) => setRate(e.target.value)}
                inputMode="decimal"
              />
            </Field>
          )}
          <button type="submit" className={buttonClass}>
            {t('vat.setup.save')}
          </button>
        </form>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">{t('vat.setup.title')}</h2>
        {returned === 'connected' && <p role="status">{t('vat.setup.just-connected')}</p>}
        {(returned === 'refused' || returned === 'invalid') && <p role="alert">{t('vat.setup.refused')}</p>}
        {connection.data && !connection.data.configured && <p>{t('vat.setup.not-configured')}</p>}
        {connection.data?.configured && connection.data.connected && (
          <div className="flex items-center gap-3">
            <p data-testid="hmrc-connected">
              {t('vat.setup.connected', { date: connection.data.connectedAt?.slice(0, 10) })}
            </p>
            <button type="button" className={secondaryButtonClass} onClick={() => disconnect.mutate()}>
              {t('vat.setup.disconnect')}
            </button>
          </div>
        )}
        {connection.data?.configured && !connection.data.connected && (
          <div className="flex flex-col items-start gap-3">
            <p>{t('vat.setup.not-connected')}</p>
            <button
              type="button"
              className={buttonClass}
              disabled={connect.isPending}
              onClick={() => connect.mutate(undefined, { onError: (x) => toast.error(errorText(t, x)) })}
            >
              {t('vat.setup.connect')}
            </button>
          </div>
        )}
      </Card>
    </>
  );
}
