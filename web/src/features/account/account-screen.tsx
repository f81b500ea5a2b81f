import './strings.ts';
import type { Me } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Card, Field, inputClass, secondaryButtonClass } from '../../components/form';
import { CoordinatesField } from '../../components/location/location-field';
import type { LngLat } from '../../components/location/map-picker';
import { Screen } from '../../components/screen';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useUpdateAccount } from './api/update-account';

/** Account (Owner): the business details and the plan (`/api/account`). */
export function AccountScreen({ me }: { me: Me }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateAccount();
  const [businessName, setBusinessName] = useState(me.account.businessName);
  const saved = me.account.settings.businessAddress;
  const [address, setAddress] = useState(saved?.addressDescription ?? '');
  const [lngLat, setLngLat] = useState<LngLat | undefined>(saved?.lngLat);
  const [coordinatesValid, setCoordinatesValid] = useState(true);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The field shows what is wrong; saving now would keep the previous position.
    if (!coordinatesValid) return;
    update.mutate(
      {
        businessName,
        settings: { businessAddress: { addressDescription: address.trim(), ...(lngLat ? { lngLat } : {}) } },
      },
      { onSuccess: () => toast.success(t('account.saved')) },
    );
  };
  const trialEnds = me.account.trialEndsAt
    ? new Date(me.account.trialEndsAt).toLocaleDateString(i18n.language, { dateStyle: 'long' })
    : undefined;
  return (
    <Screen title={t('account.title')}>
      <div className="flex flex-col gap-4">
        <Card>
          <h2 className="font-semibold">{t('account.plan')}</h2>
          <p className="mt-1 text-sm" data-testid="account-plan">
            {t('account.plan-line', {
              level: t(`level.${me.level}`),
              status: t(`subscription.status-${me.subscription}`),
            })}
          </p>
          {me.subscription === 'trial' && trialEnds && (
            <p className="mt-1 text-sm text-muted-foreground">
              {t('account.trial-ends', { date: trialEnds })}
            </p>
          )}
          <Link
            to="/account/subscription/{-$trialEnding}"
            params={{ trialEnding: undefined }}
            className={`${secondaryButtonClass} mt-3`}
          >
            {t('account.change-plan')}
          </Link>
        </Card>
        <Card>
          <form onSubmit={submit} className="flex flex-col gap-4">
            <h2 className="font-semibold">{t('account.business')}</h2>
            <Field
              label={t('account.business-name')}
              error={update.error ? errorText(t, update.error) : undefined}
            >
              <input
                className={inputClass}
                value={businessName}
                onChange={(e) => setBusinessName(e.target.value)}
                maxLength={200}
                required
              />
            </Field>
            <Field label={t('account.business-address')} hint={t('account.business-address-hint')}>
              <input
                className={inputClass}
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                maxLength={500}
              />
            </Field>
            <fieldset className="flex flex-col gap-1.5">
              <legend className="text-sm font-medium">{t('account.business-location')}</legend>
              <p className="text-xs text-muted-foreground">{t('account.business-location-hint')}</p>
              <CoordinatesField value={lngLat} onChange={setLngLat} onValidity={setCoordinatesValid} />
            </fieldset>
            <div className="flex justify-end">
              <button
                type="submit"
                className={buttonClass}
                disabled={update.isPending || !businessName.trim()}
              >
                {t('general.save')}
              </button>
            </div>
          </form>
        </Card>
      </div>
    </Screen>
  );
}
