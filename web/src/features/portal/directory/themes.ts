import { Portal } from '@roundwise/core';
import type { DirectoryDraft } from './directory-draft';

/** The presets, then the business's own themes. */
export const themesOf = (config: DirectoryDraft['config']): Portal.PortalTheme[] => [
  ...Portal.THEME_PRESETS,
  ...config.customThemes,
];

/** The entry with `theme` chosen: its id, its name, and the colours the page draws with. */
export function applyTheme(entry: DirectoryDraft, theme: Portal.PortalTheme): DirectoryDraft {
  return {
    ...entry,
    config: {
      ...entry.config,
      themeOptionsId: theme.id,
      themeName: theme.name,
      themeOptions: Portal.themeColoursOf(theme.theme),
    },
  };
}

/** A custom theme added or replaced; when it is the chosen one, the page's colours follow it. */
export function saveCustomTheme(entry: DirectoryDraft, theme: Portal.PortalTheme): DirectoryDraft {
  const others = entry.config.customThemes.filter((x) => x.id !== theme.id);
  const known = others.length < entry.config.customThemes.length;
  const customThemes = known
    ? entry.config.customThemes.map((x) => (x.id === theme.id ? theme : x))
    : [...others, theme];
  const next = { ...entry, config: { ...entry.config, customThemes } };
  return entry.config.themeOptionsId === theme.id ? applyTheme(next, theme) : next;
}

/** The raw JSON mode's text as a theme (core's rules). */
export const readRawTheme = Portal.parseThemeJson;
