import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type Theme, useTheme } from '../lib/theme';
import { Label } from './ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';

const icons = { light: Sun, dark: Moon, system: Monitor } as const;

/**
 * Light, dark or the device's setting. Kept per device in localStorage (lib/theme.ts), which the
 * inline script in index.html reads before the first paint, so the choice never flashes.
 */
export function ThemePicker() {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="min-w-0 flex-1">
        <Label htmlFor="theme">{t('theme.label')}</Label>
        <p className="mt-1 text-xs text-muted-foreground">{t('theme.hint')}</p>
      </div>
      <Select value={theme} onValueChange={(value) => setTheme(value as Theme)}>
        <SelectTrigger id="theme" className="w-44 max-w-full desktop:w-56" data-testid="theme-picker">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {(['light', 'dark', 'system'] as const).map((value) => {
            const Icon = icons[value];
            return (
              <SelectItem key={value} value={value}>
                <Icon className="size-4 text-muted-foreground" aria-hidden />
                {t(`theme.${value}`)}
              </SelectItem>
            );
          })}
        </SelectContent>
      </Select>
    </div>
  );
}
