import './strings.ts';
import type { Me, UserSettings } from '@roundwise/core';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { Screen } from '../../components/screen';
import { ThemePicker } from '../../components/theme-picker';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Switch } from '../../components/ui/switch';
import { errorText } from '../../lib/errors';
import { useUpdateMe } from '../../lib/me';
import { toast } from '../../lib/toast';
import { FeaturesCard } from './features-card';
import { PaymentProvidersCard } from './payment-providers-card';

type Toggle = 'compactMenusDesktop' | 'compactMenusMobile' | 'hideQuickStart';
const toggles: Toggle[] = ['compactMenusDesktop', 'compactMenusMobile', 'hideQuickStart'];

/**
 * Personal settings (spec 000 section 2.2): compact menus for desktop and mobile separately,
 * hide quick start, temperature unit. Each change is saved at once (`PATCH /api/me`). The theme
 * is per device (lib/theme.ts), so it is here too but not sent to the server. Owner and Admin
 * also connect the business's payment providers here (`PaymentProvidersCard`); the Owner
 * switches the account's features on (`FeaturesCard`).
 */
export function SettingsScreen({ me }: { me: Me }) {
  const { t } = useTranslation();
  const update = useUpdateMe();
  const s = me.user.settings;
  const save = (settings: Partial<UserSettings>) =>
    update.mutate(
      { settings },
      {
        onSuccess: () => toast.success(t('settings.saved')),
        onError: (e) => toast.error(errorText(t, e)),
      },
    );
  return (
    <Screen title={t('settings.title')}>
      <div className="flex flex-col gap-4">
        <Card>
          <h2 className="mb-2 font-semibold">{t('settings.menus')}</h2>
          <ul className="flex flex-col divide-y">
            {toggles.map((key) => (
              <li key={key} className="flex min-h-12 items-center gap-3 py-2">
                <Label htmlFor={`setting-${key}`} className="flex-1 cursor-pointer py-2 font-normal">
                  {t(`settings.${key}`)}
                </Label>
                <Switch
                  id={`setting-${key}`}
                  checked={s[key]}
                  disabled={update.isPending}
                  onCheckedChange={(checked) => save({ [key]: checked })}
                />
              </li>
            ))}
          </ul>
        </Card>
        <Card className="flex flex-wrap items-center gap-3">
          <Label htmlFor="temperature-unit" className="min-w-0 flex-1 font-semibold">
            {t('settings.temperature-unit')}
          </Label>
          <Select
            value={s.temperatureUnit}
            disabled={update.isPending}
            onValueChange={(unit) => save({ temperatureUnit: unit as UserSettings['temperatureUnit'] })}
          >
            <SelectTrigger id="temperature-unit" className="w-44 max-w-full desktop:w-56">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(['celsius', 'fahrenheit'] as const).map((unit) => (
                <SelectItem key={unit} value={unit}>
                  {t(`settings.${unit}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Card>
        <Card>
          <h2 className="mb-3 font-semibold">{t('theme.title')}</h2>
          <ThemePicker />
        </Card>
        {me.roles.includes('Owner') && <FeaturesCard me={me} />}
        {me.roles.some((r) => r === 'Owner' || r === 'Admin') && <PaymentProvidersCard />}
      </div>
    </Screen>
  );
}
