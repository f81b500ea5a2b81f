import { describe, expect, it } from 'vitest';
import { DirectoryFields } from './schema.ts';
import {
  customThemeId,
  isCustomTheme,
  PortalTheme,
  parseThemeJson,
  THEME_PRESETS,
  themeColoursOf,
} from './themes.ts';

const theme = (extra: object = {}) =>
  JSON.stringify({ palette: { primary: { main: '#0e7490' }, secondary: { main: '#f97316' } }, ...extra });

describe('portal themes (spec 002 sections 3, 5 and 9)', () => {
  it('has about 17 presets, each a valid theme with a unique id and a name of at most 20 characters', () => {
    expect(THEME_PRESETS).toHaveLength(17);
    expect(new Set(THEME_PRESETS.map((t) => t.id)).size).toBe(17);
    for (const t of THEME_PRESETS) {
      expect(PortalTheme.safeParse(t).success).toBe(true);
      expect(isCustomTheme(t.id)).toBe(false);
    }
  });

  it("gives a custom theme the id 'custom-' and a timestamp", () => {
    const id = customThemeId(new Date('2026-03-01T10:00:00Z'));
    expect(id).toBe(`custom-${Date.UTC(2026, 2, 1, 10)}`);
    expect(isCustomTheme(id)).toBe(true);
  });

  it('limits a theme name to 20 characters', () => {
    const base = { id: 'custom-1', theme: THEME_PRESETS[0]!.theme };
    expect(PortalTheme.safeParse({ ...base, name: 'x'.repeat(20) }).success).toBe(true);
    const long = PortalTheme.safeParse({ ...base, name: 'x'.repeat(21) });
    expect(long.error?.issues[0]?.message).toBe('portal.theme-name-too-long');
    expect(PortalTheme.safeParse({ ...base, name: '  ' }).error?.issues[0]?.message).toBe(
      'portal.theme-name-required',
    );
  });

  it('takes font weights 100 to 900 in steps of 100 only', () => {
    for (const [weight, ok] of [
      [100, true],
      [400, true],
      [900, true],
      [0, false],
      [150, false],
      [1000, false],
    ] as const) {
      const parsed = parseThemeJson(theme({ typography: { fontWeightRegular: weight } }));
      expect(parsed.ok, String(weight)).toBe(ok);
      if (!ok) expect(parsed).toEqual({ ok: false, key: 'portal.theme-font-weight-invalid' });
    }
  });

  it("reads raw JSON: a parse error's own message, a rule's key, or the theme", () => {
    const broken = parseThemeJson('{"palette": ');
    expect(broken.ok).toBe(false);
    expect('message' in broken && broken.message).toMatch(/JSON/);
    expect(parseThemeJson('{"palette": {}}')).toEqual({ ok: false, key: 'portal.theme-invalid' });
    expect(
      parseThemeJson(
        JSON.stringify({ palette: { primary: { main: 'teal' }, secondary: { main: '#000000' } } }),
      ),
    ).toEqual({ ok: false, key: 'portal.theme-colour-invalid' });
    const ok = parseThemeJson(
      theme({
        palette: { mode: 'dark', primary: { main: '#0e7490' }, secondary: { main: '#f97316' } },
        shape: { borderRadius: 12 },
      }),
    );
    expect(ok.ok && themeColoursOf(ok.theme)).toEqual({
      primary: '#0e7490',
      secondary: '#f97316',
      mode: 'dark',
      borderRadius: 12,
    });
  });

  it('keeps custom themes in the directory entry, refusing a bad one', () => {
    const entry = { uniqueUrl: 'clear-view', businessName: 'Clear View' };
    const custom = { id: 'custom-1', name: 'Ours', theme: THEME_PRESETS[1]!.theme };
    expect(
      DirectoryFields.parse({ ...entry, config: { customThemes: [custom] } }).config.customThemes,
    ).toEqual([custom]);
    const bad = DirectoryFields.safeParse({
      ...entry,
      config: { customThemes: [{ ...custom, name: 'A name far too long for it' }] },
    });
    expect(bad.error?.issues[0]?.message).toBe('portal.theme-name-too-long');
  });
});
