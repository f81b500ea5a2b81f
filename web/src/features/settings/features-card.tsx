import './strings.ts';
import { atLeast, featureLevel, type Me, OwnerFeatures } from '@roundwise/core';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useUpdateFeatures } from './api/update-features';

/**
 * The Owner switches on the features the plan includes (core access/features.ts): Send, the audit
 * log, scheduled messages and the coming areas. The server checks the plan again, and every
 * screen and command still checks its flag.
 */
export function FeaturesCard({ me }: { me: Me }) {
  const { t } = useTranslation();
  const update = useUpdateFeatures();
  const toggle = (flag: (typeof OwnerFeatures)[number], on: boolean) => {
    const flags = on ? [...new Set([...me.flags, flag])] : me.flags.filter((f) => f !== flag);
    update.mutate(flags, {
      onSuccess: () => toast.success(t('settings.saved')),
      onError: (e) => toast.error(errorText(t, e)),
    });
  };
  return (
    <Card>
      <h2 className="font-semibold">{t('settings.features')}</h2>
      <p className="text-sm text-muted-foreground">{t('settings.features-hint')}</p>
      <ul className="mt-2 flex flex-col divide-y">
        {OwnerFeatures.map((flag) => {
          const level = featureLevel(flag);
          const included = !level || atLeast(me.level, level);
          const on = me.flags.includes(flag);
          return (
            <li key={flag} className="flex min-h-12 items-center gap-3 py-2">
              <Label
                htmlFor={`feature-${flag}`}
                className="flex flex-1 cursor-pointer flex-col items-start py-2 font-normal"
              >
                {t(`settings.feature.${flag}`)}
                {!included && (
                  <span className="text-xs text-muted-foreground">
                    {t('access.level-required', { level })}
                  </span>
                )}
              </Label>
              <Switch
                id={`feature-${flag}`}
                checked={on}
                disabled={update.isPending || (!included && !on)}
                onCheckedChange={(checked) => toggle(flag, checked)}
              />
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
