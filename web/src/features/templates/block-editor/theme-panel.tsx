import '../strings.ts';
import type { Templates } from '@roundwise/core';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/form';

/** The template's theme: the page around the container, the container, the text and the font. */
export function ThemePanel({
  theme,
  onChange,
}: {
  theme: Templates.Theme;
  onChange: (theme: Templates.Theme) => void;
}) {
  const { t } = useTranslation();
  const colours = ['background', 'contentBackground', 'textColour'] as const;
  return (
    <section aria-label={t('editor.theme')} className="flex flex-col gap-3 rounded-md border p-3">
      <h2 className="text-sm font-semibold">{t('editor.theme')}</h2>
      {colours.map((name) => (
        <label key={name} className="flex items-center justify-between gap-2 text-sm">
          <span className="font-medium">{t(`editor.theme-${name}`)}</span>
          <input
            type="color"
            className="h-8 w-12 rounded border"
            value={theme[name]}
            onChange={(e) => onChange({ ...theme, [name]: e.target.value })}
          />
        </label>
      ))}
      <label className="flex items-center justify-between gap-2 text-sm">
        <span className="font-medium">{t('editor.theme-font')}</span>
        <select
          className={`${inputClass} w-36`}
          value={theme.font}
          onChange={(e) => onChange({ ...theme, font: e.target.value as Templates.Theme['font'] })}
        >
          {(['sans', 'serif', 'mono'] as const).map((font) => (
            <option key={font} value={font}>
              {t(`editor.font-${font}`)}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}
