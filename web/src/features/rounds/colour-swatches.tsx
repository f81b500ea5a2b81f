import './strings.ts';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Distinct colours that read on the light and dark themes, for telling rounds apart on the schedule. */
export const ROUND_COLOURS = [
  '#2563eb',
  '#16a34a',
  '#dc2626',
  '#d97706',
  '#7c3aed',
  '#0891b2',
  '#db2777',
  '#4d7c0f',
  '#475569',
  '#ea580c',
] as const;

export function ColourSwatches({ value, onChange }: { value: string; onChange: (c: string) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-2 text-sm">
      <legend className="mb-1.5 font-medium">{t('rounds.colour')}</legend>
      <div className="flex flex-wrap items-center gap-2">
        {ROUND_COLOURS.map((c) => (
          <button
            key={c}
            type="button"
            aria-label={c}
            aria-pressed={value.toLowerCase() === c}
            onClick={() => onChange(c)}
            className="flex size-8 items-center justify-center rounded-full ring-offset-2 ring-offset-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            style={{ background: c }}
          >
            {value.toLowerCase() === c && <Check className="size-4 text-white" aria-hidden />}
          </button>
        ))}
        <label className="flex items-center gap-2 text-muted-foreground">
          <input
            type="color"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className="size-8 cursor-pointer rounded border bg-transparent"
            aria-label={t('rounds.other-colour')}
          />
        </label>
      </div>
    </fieldset>
  );
}
