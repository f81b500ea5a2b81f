import { z } from 'zod';
import { HexColour, Id } from '../entity.ts';
import { RequiredText, TrimmedText } from '../text.ts';

/**
 * The block editor's blocks and theme (spec 001 section 2.10, "block-based message template
 * editor"; spec 002 section 3 names blocks, theme and revisions but not their fields, so these are
 * ours). Every field is something the HTML generator can draw with tables and inline styles alone.
 */

/** A link or an image address a mail client can open: http(s) only (no `javascript:`, no `data:`). */
export const WebUrl = z
  .string()
  .overwrite((s) => s.trim())
  .max(2000)
  .refine(isWebUrl, 'templates.url-invalid');

export function isWebUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return Boolean(new URL(value).host);
  } catch {
    return false;
  }
}

const Align = z.enum(['left', 'center', 'right']);
const colour = (fallback: string) => HexColour('templates.colour-invalid').default(fallback);

export const TextBlock = z.object({
  id: Id,
  type: z.literal('text'),
  /** Plain text; a blank line starts a new paragraph, a line break stays a line break. */
  text: TrimmedText(10_000).default(''),
  size: z.enum(['small', 'normal', 'large', 'heading']).default('normal'),
  align: Align.default('left'),
  bold: z.boolean().default(false),
  /** Absent: the theme's text colour. */
  colour: HexColour('templates.colour-invalid').optional(),
});

export const ImageBlock = z.object({
  id: Id,
  type: z.literal('image'),
  src: WebUrl,
  alt: TrimmedText(300).default(''),
  /** Where a click on the image goes; empty for none. */
  href: z.union([z.literal(''), WebUrl]).default(''),
  /** Percent of the content width. */
  width: z.number().int().min(10).max(100).default(100),
  align: Align.default('center'),
});

export const ButtonBlock = z.object({
  id: Id,
  type: z.literal('button'),
  label: RequiredText('templates.button-label-required', 100),
  /** A web address, or `[pay-link]` / `[portal-link]`: each customer's own page, filled when it is sent. */
  href: z
    .string()
    .overwrite((s) => s.trim())
    .max(2000)
    .refine((v) => v === '[pay-link]' || v === '[portal-link]' || isWebUrl(v), 'templates.url-invalid'),
  background: colour('#4f46e5'),
  colour: colour('#ffffff'),
  align: Align.default('center'),
});

export const DividerBlock = z.object({
  id: Id,
  type: z.literal('divider'),
  colour: colour('#e5e7eb'),
  thickness: z.number().int().min(1).max(8).default(1),
});

export const SpacerBlock = z.object({
  id: Id,
  type: z.literal('spacer'),
  height: z.number().int().min(4).max(200).default(24),
});

/** The blocks that may sit inside a column (columns do not nest: mail clients stack them badly). */
export const LeafBlock = z.discriminatedUnion('type', [
  TextBlock,
  ImageBlock,
  ButtonBlock,
  DividerBlock,
  SpacerBlock,
]);
export type LeafBlock = z.infer<typeof LeafBlock>;

export const ColumnsBlock = z.object({
  id: Id,
  type: z.literal('columns'),
  /** Two or three columns of equal width, each a list of blocks. */
  columns: z.array(z.array(LeafBlock).max(20)).min(2).max(3),
});

export const Block = z.discriminatedUnion('type', [
  TextBlock,
  ImageBlock,
  ButtonBlock,
  DividerBlock,
  SpacerBlock,
  ColumnsBlock,
]);
export type Block = z.infer<typeof Block>;
export type BlockType = Block['type'];

/** At most 100 blocks and 100 KB, so a template and its revisions stay well inside one table item. */
export const MAX_BLOCKS_BYTES = 100_000;
export const Blocks = z
  .array(Block)
  .max(100, 'templates.too-large')
  .refine((blocks) => JSON.stringify(blocks).length <= MAX_BLOCKS_BYTES, 'templates.too-large');

export const FONTS = {
  sans: 'Helvetica, Arial, sans-serif',
  serif: 'Georgia, "Times New Roman", serif',
  mono: '"Courier New", Courier, monospace',
} as const;

/** The theme: the page around the container, the container, the text colour and the font. */
export const Theme = z.object({
  background: colour('#f3f4f6'),
  contentBackground: colour('#ffffff'),
  textColour: colour('#1f2937'),
  font: z.enum(['sans', 'serif', 'mono']).default('sans'),
});
export type Theme = z.infer<typeof Theme>;
