/**
 * A portal theme as the CSS custom properties the widgets and the portal page draw with
 * (`--rw-primary`...). One mapping for the server-rendered page and the widgets script, which
 * imports only this file (no schema library on a business's site).
 */
export interface ThemeColours {
  primary?: string;
  secondary?: string;
  mode?: 'light' | 'dark';
  borderRadius?: number;
}

const LIGHT = {
  '--rw-paper': '#ffffff',
  '--rw-page': '#f3f4f6',
  '--rw-text': '#1f2937',
  '--rw-muted': '#6b7280',
  '--rw-divider': '#e5e7eb',
};
const DARK = {
  '--rw-paper': '#1f2937',
  '--rw-page': '#111827',
  '--rw-text': '#f9fafb',
  '--rw-muted': '#9ca3af',
  '--rw-divider': '#374151',
};

export function themeVariables(options: ThemeColours = {}): Record<string, string> {
  const primary = options.primary ?? '#4f46e5';
  return {
    ...(options.mode === 'dark' ? DARK : LIGHT),
    '--rw-primary': primary,
    '--rw-on-primary': onColour(primary),
    '--rw-secondary': options.secondary ?? primary,
    '--rw-radius': `${options.borderRadius ?? 8}px`,
  };
}

/** Black or white text on `hex`, whichever reads better (WCAG relative luminance). */
function onColour(hex: string) {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179 ? '#111827' : '#ffffff';
}
