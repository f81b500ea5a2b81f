import type { Me, UserSettings } from '@roundwise/core';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { Screen } from '../../components/screen';
import { useUpdateMe } from '../../lib/me';
import { toast } from '../../lib/toast';

/**
 * Personal settings (spec 000 section 2.2): compact menus for desktop and mobile separately,
 * hide quick start, temperature unit. Each change is saved at once (`PATCH /api/me`).
 */
export function SettingsScreen({ me }: { me: Me }) {
  const { t } = useTranslation();
  const update = useUpdateMe();
  const s = me.user.settings;
  const save = (settings: Partial<UserSettings>) =>
    update.mutate({ settings }, { onSuccess: () => toast.success(t('settings.saved')) });
  const toggles: { key: 'compactMenusDesktop' | 'compactMenusMobile' | 'hideQuickStart'; hint?: string }[] = [
    { key: 'compactMenusDesktop' },
    { key: 'compactMenusMobile' },
    { key: 'hideQuickStart' },
  ];
  return (
    <Screen title={t('settings.title')}>
      <div className="flex flex-col gap-4">
        <Card>
          <h2 className="mb-2 font-semibold">{t('settings.menus')}</h2>
          <ul className="flex flex-col divide-y">
            {toggles.map(({ key }) => (
              <li key={key}>
                <label className="flex min-h-12 cursor-pointer items-center gap-3 py-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-5 accent-[var(--color-primary)]"
                    checked={s[key]}
                    disabled={update.isPending}
                    onChange={(e) => save({ [key]: e.target.checked })}
                  />
                  <span className="flex-1">{t(`settings.${key}`)}</span>
                </label>
              </li>
            ))}
          </ul>
        </Card>
        <Card>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 font-semibold">{t('settings.temperature-unit')}</legend>
            {(['celsius', 'fahrenheit'] as const).map((unit) => (
              <label key={unit} className="flex min-h-10 cursor-pointer items-center gap-3 text-sm">
                <input
                  type="radio"
                  name="temperatureUnit"
                  className="size-5"
                  checked={s.temperatureUnit === unit}
                  disabled={update.isPending}
                  onChange={() => save({ temperatureUnit: unit })}
                />
                {t(`settings.${unit}`)}
              </label>
            ))}
          </fieldset>
        </Card>
      </div>
    </Screen>
  );
}
