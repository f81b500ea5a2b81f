import '../strings.ts';
import { Portal } from '@roundwise/core';
import { Braces, Copy, Plus, Trash2 } from 'lucide-react';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass, secondaryButtonClass } from '../../../components/form';
import { toast } from '../../../lib/toast';
import { useDirectory } from './directory-draft';
import { JsonEditorDialog } from './json-editor-dialog';
import { applyTheme, readRawTheme, saveCustomTheme, themesOf } from './themes';

type Mode = 'pretty' | 'raw';

/**
 * The theme editor (spec 002 section 2.5, panel 5), a section of Settings: the presets and the
 * business's custom themes; a custom one is edited as fields (pretty mode) or as JSON (raw mode).
 * Presets are read-only: "Customise" copies one into a custom theme. The chosen theme's colours
 * go into the entry's `config.themeOptions`, which the public page and the widgets draw with.
 */
export function ThemeEditor() {
  const { t } = useTranslation();
  const { draft, change } = useDirectory();
  const all = themesOf(draft.config);
  const wanted = draft.config.themeOptionsId ?? 'default';
  const found = all.find((x) => x.id === wanted);
  // A theme deleted elsewhere: the spec only logs it, and the default stands in.
  if (!found) console.warn('Theme not found', wanted);
  const selected = found ?? all[0]!;
  const custom = Portal.isCustomTheme(selected.id);
  const [mode, setMode] = useState<Mode>('pretty');
  const [raw, setRaw] = useState('');
  const [dialog, setDialog] = useState(false);
  useEffect(() => setRaw(JSON.stringify(selected.theme, null, 2)), [selected.theme]);

  const update = (theme: Portal.PortalTheme) => change((d) => saveCustomTheme(d, theme));
  const setSpec = (spec: Portal.ThemeSpec) => update({ ...selected, theme: spec });
  const palette = selected.theme.palette;
  /** Raw text applied: a parse error's message or a rule's words as a notification (spec 002 section 5). */
  const applyRaw = (text: string): string | undefined => {
    const read = readRawTheme(text);
    if (!read.ok) {
      const message = 'message' in read ? read.message : t(read.key);
      toast.error(t('themes.json-invalid'), { description: message });
      return message;
    }
    setSpec(read.theme);
    return undefined;
  };
  const customise = () => {
    const copy: Portal.PortalTheme = {
      id: Portal.customThemeId(new Date()),
      name: t('themes.copy-name', { name: selected.name }).slice(0, Portal.THEME_NAME_MAX),
      theme: selected.theme,
    };
    change((d) => applyTheme(saveCustomTheme(d, copy), copy));
  };
  const remove = () =>
    change((d) => {
      const customThemes = d.config.customThemes.filter((x) => x.id !== selected.id);
      return applyTheme({ ...d, config: { ...d.config, customThemes } }, Portal.THEME_PRESETS[0]!);
    });

  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t('themes.choose')}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {all.map((theme) => (
            <button
              key={theme.id}
              type="button"
              aria-pressed={theme.id === selected.id}
              onClick={() => change((d) => applyTheme(d, theme))}
              className="flex items-center gap-2 rounded-md border p-2 text-left text-sm aria-pressed:border-primary aria-pressed:ring-2 aria-pressed:ring-primary/40"
            >
              <span className="flex shrink-0 overflow-hidden rounded-full border" aria-hidden>
                <span className="size-4" style={{ background: theme.theme.palette.primary.main }} />
                <span className="size-4" style={{ background: theme.theme.palette.secondary.main }} />
              </span>
              <span className="truncate">{theme.name}</span>
            </button>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={secondaryButtonClass} onClick={customise}>
          {custom ? <Copy className="size-4" aria-hidden /> : <Plus className="size-4" aria-hidden />}
          {custom ? t('themes.duplicate') : t('themes.customise')}
        </button>
        {custom && (
          <button type="button" className={secondaryButtonClass} onClick={remove}>
            <Trash2 className="size-4" aria-hidden />
            {t('themes.delete')}
          </button>
        )}
        <div
          role="radiogroup"
          aria-label={t('themes.edit-mode')}
          className="ml-auto flex rounded-md border p-0.5"
        >
          {(['pretty', 'raw'] as const).map((m) => (
            // biome-ignore lint/a11y/useSemanticElements: a two-way switch drawn as a segmented control
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={mode === m}
              className="rounded px-3 py-1 text-sm aria-checked:bg-primary aria-checked:text-primary-foreground"
              onClick={() => setMode(m)}
            >
              {t(`themes.mode-${m}`)}
            </button>
          ))}
        </div>
      </div>

      {!custom && <p className="text-sm text-muted-foreground">{t('themes.preset-read-only')}</p>}

      {mode === 'pretty' ? (
        <fieldset disabled={!custom} className="grid gap-3 sm:grid-cols-2">
          <Field label={t('themes.name')} hint={t('themes.name-hint')}>
            <input
              className={inputClass}
              value={selected.name}
              maxLength={Portal.THEME_NAME_MAX}
              onChange={(e) => update({ ...selected, name: e.target.value })}
            />
          </Field>
          <Field label={t('themes.palette-mode')}>
            <select
              className={inputClass}
              value={palette.mode}
              onChange={(e) =>
                setSpec({
                  ...selected.theme,
                  palette: { ...palette, mode: e.target.value as 'light' | 'dark' },
                })
              }
            >
              <option value="light">{t('themes.light')}</option>
              <option value="dark">{t('themes.dark')}</option>
            </select>
          </Field>
          <ColourField
            label={t('themes.primary')}
            value={palette.primary.main}
            onChange={(main) => setSpec({ ...selected.theme, palette: { ...palette, primary: { main } } })}
          />
          <ColourField
            label={t('themes.secondary')}
            value={palette.secondary.main}
            onChange={(main) => setSpec({ ...selected.theme, palette: { ...palette, secondary: { main } } })}
          />
          <Field label={t('themes.border-radius')}>
            <input
              type="number"
              className={inputClass}
              min={0}
              max={32}
              value={selected.theme.shape.borderRadius}
              onChange={(e) => {
                const borderRadius = Math.max(0, Math.min(32, Math.round(Number(e.target.value) || 0)));
                setSpec({ ...selected.theme, shape: { borderRadius } });
              }}
            />
          </Field>
          <Field label={t('themes.font-family')}>
            <input
              className={inputClass}
              value={selected.theme.typography.fontFamily ?? ''}
              maxLength={200}
              onChange={(e) =>
                setSpec({
                  ...selected.theme,
                  typography: { ...selected.theme.typography, fontFamily: e.target.value || undefined },
                })
              }
            />
          </Field>
          <Field label={t('themes.font-weight')}>
            <select
              className={inputClass}
              value={selected.theme.typography.fontWeightRegular ?? 400}
              onChange={(e) =>
                setSpec({
                  ...selected.theme,
                  typography: { ...selected.theme.typography, fontWeightRegular: Number(e.target.value) },
                })
              }
            >
              {Portal.FONT_WEIGHTS.map((w) => (
                <option key={w} value={w}>
                  {w}
                </option>
              ))}
            </select>
          </Field>
        </fieldset>
      ) : (
        <div className="flex flex-col gap-2">
          <textarea
            aria-label={t('themes.json')}
            className="h-64 w-full rounded-md border bg-background p-3 font-mono text-xs"
            spellCheck={false}
            readOnly={!custom}
            value={raw}
            onChange={(e) => setRaw(e.target.value)}
          />
          {custom && (
            <div className="flex gap-2">
              <button type="button" className={secondaryButtonClass} onClick={() => applyRaw(raw)}>
                {t('themes.apply-json')}
              </button>
              <button type="button" className={secondaryButtonClass} onClick={() => setDialog(true)}>
                <Braces className="size-4" aria-hidden />
                {t('themes.open-json-editor')}
              </button>
            </div>
          )}
        </div>
      )}

      <ThemePreview theme={selected.theme} />
      <JsonEditorDialog
        open={dialog}
        onOpenChange={setDialog}
        title={t('themes.json-editor-title', { name: selected.name })}
        value={selected.theme}
        onSave={(json) => applyRaw(JSON.stringify(json))}
      />
    </div>
  );
}

function ColourField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Field label={label}>
      <span className="flex gap-2">
        <input
          type="color"
          aria-hidden
          tabIndex={-1}
          className="h-10 w-12 shrink-0 rounded-md border bg-background"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          className={inputClass}
          value={text}
          maxLength={7}
          onChange={(e) => {
            setText(e.target.value);
            if (/^#[0-9a-fA-F]{6}$/.test(e.target.value)) onChange(e.target.value);
          }}
        />
      </span>
    </Field>
  );
}

/** A card and a button in the theme, drawn with the same variables as the public page. */
function ThemePreview({ theme }: { theme: Portal.ThemeSpec }) {
  const { t } = useTranslation();
  const vars = Portal.themeVariables(Portal.themeColoursOf(theme)) as CSSProperties;
  return (
    <div
      data-testid="theme-preview"
      style={{ ...vars, background: 'var(--rw-page)', fontFamily: theme.typography.fontFamily }}
      className="rounded-md border p-4"
    >
      <div
        style={{ background: 'var(--rw-paper)', color: 'var(--rw-text)', borderRadius: 'var(--rw-radius)' }}
        className="flex flex-col gap-2 border p-4"
      >
        <p style={{ fontWeight: theme.typography.fontWeightRegular }}>{t('themes.preview-text')}</p>
        <span
          style={{
            background: 'var(--rw-primary)',
            color: 'var(--rw-on-primary)',
            borderRadius: 'var(--rw-radius)',
          }}
          className="self-start px-4 py-2 text-sm font-medium"
        >
          {t('themes.preview-button')}
        </span>
      </div>
    </div>
  );
}
