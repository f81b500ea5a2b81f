import { z } from 'zod';
import { RequiredText } from '../text.ts';
import type { ThemeColours } from './theme.ts';

/**
 * The portal's themes (spec 002 sections 2.5 and 3): about 17 presets and the business's own
 * custom ones (`custom-` + a timestamp), each a palette, a shape and typography. The theme editor
 * edits one as fields or as raw JSON; the public page and the widgets draw with the part they
 * use (`themeColoursOf`: primary, secondary, mode, corner radius), saved in the directory entry's
 * `config.themeOptions`.
 */

const Colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'portal.theme-colour-invalid');
const PaletteColour = z.object({ main: Colour });

/** Font weight 100 to 900 in steps of 100 (spec 002 section 5). */
export const FONT_WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
const FontWeight = z
  .number()
  .refine((w) => (FONT_WEIGHTS as readonly number[]).includes(w), 'portal.theme-font-weight-invalid');

/** The theme itself, as the raw JSON mode shows it. */
export const ThemeSpec = z.object({
  palette: z.object({
    mode: z.enum(['light', 'dark']).default('light'),
    primary: PaletteColour,
    secondary: PaletteColour,
    error: PaletteColour.optional(),
    warning: PaletteColour.optional(),
    info: PaletteColour.optional(),
    success: PaletteColour.optional(),
    divider: Colour.optional(),
    background: z.object({ default: Colour.optional(), paper: Colour.optional() }).optional(),
  }),
  shape: z.object({ borderRadius: z.number().int().min(0).max(32).default(8) }).default({ borderRadius: 8 }),
  typography: z
    .object({
      fontFamily: z.string().max(200).optional(),
      fontWeightRegular: FontWeight.optional(),
      fontWeightBold: FontWeight.optional(),
    })
    .default({}),
});
export type ThemeSpec = z.infer<typeof ThemeSpec>;

/** The spec's limit on a theme's name (section 9). */
export const THEME_NAME_MAX = 20;
export const CUSTOM_THEME_PREFIX = 'custom-';

export const PortalTheme = z.object({
  id: z.string().max(64),
  name: RequiredText('portal.theme-name-required', 200).refine(
    (n) => n.length <= THEME_NAME_MAX,
    'portal.theme-name-too-long',
  ),
  theme: ThemeSpec,
});
export type PortalTheme = z.infer<typeof PortalTheme>;

/** A custom theme's id: `custom-` and a timestamp (spec 002 section 3). */
export const customThemeId = (now: Date) => `${CUSTOM_THEME_PREFIX}${now.getTime()}`;
export const isCustomTheme = (id: string) => id.startsWith(CUSTOM_THEME_PREFIX);

const preset = (
  id: string,
  name: string,
  primary: string,
  secondary: string,
  extra: Partial<ThemeSpec> = {},
) =>
  ({
    id,
    name,
    theme: ThemeSpec.parse({
      palette: { mode: 'light', primary: { main: primary }, secondary: { main: secondary } },
      ...extra,
    }),
  }) satisfies PortalTheme;

const dark = (primary: string, secondary: string): Partial<ThemeSpec> => ({
  palette: {
    mode: 'dark',
    primary: { main: primary },
    secondary: { main: secondary },
    background: { default: '#111827', paper: '#1f2937' },
  },
});

/** The built-in presets: 17, as the spec's "about 17"; names within the 20-character limit. */
export const THEME_PRESETS: readonly PortalTheme[] = [
  preset('default', 'Default', '#4f46e5', '#0ea5e9'),
  preset('ocean', 'Ocean', '#0e7490', '#0284c7'),
  preset('forest', 'Forest', '#15803d', '#65a30d'),
  preset('sunset', 'Sunset', '#ea580c', '#db2777'),
  preset('berry', 'Berry', '#9d174d', '#7c3aed'),
  preset('slate', 'Slate', '#334155', '#64748b'),
  preset('sky', 'Sky', '#0284c7', '#38bdf8'),
  preset('meadow', 'Meadow', '#4d7c0f', '#ca8a04'),
  preset('coral', 'Coral', '#e11d48', '#f97316'),
  preset('lavender', 'Lavender', '#7c3aed', '#a855f7'),
  preset('sand', 'Sand', '#a16207', '#78716c', { shape: { borderRadius: 4 } }),
  preset('mint', 'Mint', '#047857', '#14b8a6'),
  preset('classic', 'Classic', '#1e3a8a', '#b91c1c', { shape: { borderRadius: 2 } }),
  preset('rounded', 'Rounded', '#2563eb', '#9333ea', { shape: { borderRadius: 20 } }),
  preset('square', 'Square', '#111827', '#4b5563', { shape: { borderRadius: 0 } }),
  preset('midnight', 'Midnight', '#818cf8', '#38bdf8', dark('#818cf8', '#38bdf8')),
  preset('charcoal', 'Charcoal', '#f59e0b', '#10b981', dark('#f59e0b', '#10b981')),
];

/** What the public page and the widgets draw with, taken from a theme. */
export function themeColoursOf(theme: ThemeSpec): Required<ThemeColours> {
  return {
    primary: theme.palette.primary.main,
    secondary: theme.palette.secondary.main,
    mode: theme.palette.mode,
    borderRadius: theme.shape.borderRadius,
  };
}

/**
 * The raw JSON mode's text read as a theme: the parse error's own message when it is not JSON
 * (the editor shows it as a notification, spec 002 section 5), else the first rule it breaks as
 * a message key.
 */
export function parseThemeJson(
  text: string,
): { ok: true; theme: ThemeSpec } | { ok: false; message: string } | { ok: false; key: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  const parsed = ThemeSpec.safeParse(raw);
  if (!parsed.success) {
    // Our own rules name their key; zod's own (a missing palette, a wrong type) are one general key.
    const message = parsed.error.issues[0]?.message ?? '';
    return { ok: false, key: message.startsWith('portal.') ? message : 'portal.theme-invalid' };
  }
  return { ok: true, theme: parsed.data };
}
