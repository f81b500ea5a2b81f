import { Portal } from '@roundwise/core';
import { describe, expect, it } from 'vitest';
import { draftOf } from './directory-draft';
import { applyTheme, saveCustomTheme, themesOf } from './themes';

const entry = draftOf(undefined, 'Glass Act');
const ocean = Portal.THEME_PRESETS.find((t) => t.id === 'ocean')!;

describe('choosing and editing themes', () => {
  it("puts the chosen theme's colours where the public page reads them", () => {
    const chosen = applyTheme(entry, ocean);
    expect(chosen.config).toMatchObject({
      themeOptionsId: 'ocean',
      themeName: 'Ocean',
      themeOptions: { primary: '#0e7490', secondary: '#0284c7', mode: 'light', borderRadius: 8 },
    });
  });

  it('keeps custom themes after the presets, and an edit of the chosen one restyles the page', () => {
    const custom = { ...ocean, id: 'custom-1', name: 'Harbour' };
    const withCustom = applyTheme(saveCustomTheme(entry, custom), custom);
    expect(
      themesOf(withCustom.config)
        .map((t) => t.id)
        .slice(-1),
    ).toEqual(['custom-1']);
    const red = {
      ...custom,
      theme: { ...custom.theme, palette: { ...custom.theme.palette, primary: { main: '#be123c' } } },
    };
    const edited = saveCustomTheme(withCustom, red);
    expect(edited.config.customThemes).toHaveLength(1);
    expect(edited.config.themeOptions.primary).toBe('#be123c');
    // An edit of a theme not chosen leaves the page's colours alone.
    const other = saveCustomTheme(applyTheme(edited, ocean), { ...red, theme: custom.theme });
    expect(other.config.themeOptions.primary).toBe('#0e7490');
  });
});
