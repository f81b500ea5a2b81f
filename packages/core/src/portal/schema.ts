import { z } from 'zod';
import { Id, Price } from '../entity.ts';
import { RequiredText, TrimmedText } from '../text.ts';
import { PortalTheme } from './themes.ts';

/**
 * The portal's URL handle (`uniqueUrl`): the public page is `/portal/{handle}`, the widgets script
 * names it (`data-portal`). Lower-case letters, digits and single hyphens, 3 to 40 characters, so
 * it reads in an address and never needs escaping.
 */
export const Handle = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,39}$/, 'portal.handle-invalid');

/** 'y' / 'n' as the spec stores the two switches; booleans from older clients are read as such. */
const YesNo = z.union([z.enum(['y', 'n']), z.boolean().transform((b) => (b ? 'y' : 'n'))]);

/** A public image of the business (logo, banner): a web address the page can show. */
const ImageUrl = z
  .string()
  .max(2000)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), 'attachment.must-be-public');

export const PrepayOption = z.object({
  label: RequiredText('portal.prepay-label-required', 60),
  amount: Price.refine((v) => v > 0, 'portal.prepay-amount-required'),
});
export type PrepayOption = z.infer<typeof PrepayOption>;

/** A service the listing offers, with which of its quote questions the quote flow hides. */
export interface DirectoryService {
  service: string;
  id: string;
  name: string;
  description: string;
  quoteQuestionConfig: Record<string, { hide: boolean }>;
  children: DirectoryService[];
}
export const DirectoryService: z.ZodType<DirectoryService> = z.lazy(() =>
  z.object({
    service: z.string().max(64),
    id: Id,
    name: TrimmedText(100),
    description: TrimmedText(2000).default(''),
    quoteQuestionConfig: z.record(z.string().max(64), z.object({ hide: z.boolean() })).default({}),
    children: z.array(DirectoryService).max(50).default([]),
  }),
);

/** Theme options: colours and shape the portal page and widgets draw with (DESIGN.md, the portal). */
export const ThemeOptions = z
  .object({
    primary: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'portal.theme-colour-invalid')
      .optional(),
    secondary: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'portal.theme-colour-invalid')
      .optional(),
    mode: z.enum(['light', 'dark']).optional(),
    borderRadius: z.number().int().min(0).max(32).optional(),
  })
  .default({});

export const DirectoryConfig = z.object({
  dense: z.boolean().default(false),
  themeName: TrimmedText(20).default('default'),
  themeOptionsId: z.string().max(64).optional(),
  themeOptions: ThemeOptions,
  /** Text overrides of the widgets' words by key, the out-of-hours message among them. */
  text: z.record(z.string().max(100), z.string().max(2000)).default({}),
  textDebug: z.boolean().default(false),
  prepayOptions: z.array(PrepayOption).max(20).default([]),
  migrateToV2: z.boolean().default(false),
  /** The business's own themes (the spec's `global.custom-themes`), kept with the entry they style. */
  customThemes: z.array(PortalTheme).max(50).default([]),
  /** The spec's save body carries the handle here too (`config.directory` = `uniqueUrl`). */
  directory: z.string().max(40).optional(),
});

/** The directory entry's fields as the owner saves them (spec 002 section 3). */
export const DirectoryFields = z.object({
  setupComplete: z.boolean().default(false),
  portalEnabled: YesNo.default('n'),
  isPublic: YesNo.default('n'),
  uniqueUrl: Handle,
  businessName: RequiredText('portal.business-name-required', 120),
  summary: TrimmedText(2000).default(''),
  telephone: TrimmedText(40).default(''),
  email: z.union([z.literal(''), z.email('auth.email-invalid').max(254)]).default(''),
  addressDescription: TrimmedText(500).default(''),
  logo: ImageUrl.default(''),
  banner: ImageUrl.default(''),
  services: z.array(DirectoryService).max(100).default([]),
  /** Public by nature (a card provider's publishable key); needed before prepay options. */
  stripePublishableKey: z.string().max(200).optional(),
  config: DirectoryConfig.default(DirectoryConfig.parse({})),
});
export type DirectoryFields = z.infer<typeof DirectoryFields>;

/** The directory entry: one per account, its id the account's (spec 002 section 3). */
export type Directory = DirectoryFields & { _id: string };

/** One widget placed on the grid: `i` is its widget name (or `spacerN`), sizes in grid cells. */
export const LayoutItem = z.object({
  i: z
    .string()
    .max(64)
    .regex(/^[a-z][a-z-]*[0-9]*$/, 'portal.layout-item-invalid'),
  x: z.number().int().min(0).max(3),
  y: z.number().int().min(0).max(10_000),
  w: z.number().int().min(1).max(4),
  h: z.number().int().min(1).max(100),
});
export type LayoutItem = z.infer<typeof LayoutItem>;

export const LayoutFields = z.object({
  name: RequiredText('portal.layout-name-required', 60),
  layout: z.array(LayoutItem).max(60),
});
export type LayoutFields = z.infer<typeof LayoutFields>;
export type Layout = LayoutFields & { _id: string };

/**
 * Which layout the public page and the script show when the host page names no widget: one per
 * account (`_id` = `PUBLISHED_ID`).
 */
export const PUBLISHED_ID = 'published';
export interface PublishedLayout {
  _id: typeof PUBLISHED_ID;
  layoutId: string;
  /**
   * That layout's items, copied when it is published or saved again, so the public read (every
   * page of the business's site) has them with the pointer instead of one more read after it.
   * Absent on a pointer written before the copy: then the layout itself is read.
   */
  layout?: LayoutItem[];
}

/** True when the portal answers customers: enabled and public ('y', or `true` from older saves). */
export const isPublished = (d: Pick<DirectoryFields, 'portalEnabled' | 'isPublic'>) =>
  d.portalEnabled === 'y' && d.isPublic === 'y';
