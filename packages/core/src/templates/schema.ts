import { z } from 'zod';
import { Id } from '../entity.ts';
import { RequiredText, TrimmedText } from '../text.ts';
import { type Block, Blocks, type Theme, Theme as ThemeSchema } from './blocks.ts';
import { RichDoc } from './rich-doc.ts';

/**
 * Spec 002 section 3, "Template": the details the wizard's first two steps edit. The SMS text
 * follows the subject while `useSubjectAsSmsMessage` is on (section 5, "Template wizard"): the
 * commands store it so, whatever a caller sends.
 */
export const TemplateDetails = z.object({
  name: RequiredText('templates-form.nameRequired', 200),
  subject: RequiredText('templates-form.subjectRequired', 500),
  smsTemplate: TrimmedText(1600).default(''),
  includeLink: z.boolean().default(true),
  useSubjectAsSmsMessage: z.boolean().default(true),
});
export type TemplateDetails = z.infer<typeof TemplateDetails>;

/** One saved state of a block template (the block editor's Save; restored from its list). */
export const Revision = z.object({
  _id: Id,
  savedDate: z.string(),
  blocks: Blocks,
  theme: ThemeSchema,
});
export type Revision = z.infer<typeof Revision>;

/**
 * A template, entity type `template`. A rich-text template keeps the editor's document in `state`;
 * a block template (the block-template variant) keeps `blocks`, `theme` and its `revisions`
 * instead. `html` is always generated from one or the other by core (`templateHtml`), never taken
 * from a caller, so what is mailed is only what the generators write. `readonly` is set when a
 * template is made (the seed's and an API caller's; the wizard never sets it) and never changes.
 */
export const Template = TemplateDetails.extend({
  _id: Id,
  readonly: z.boolean().default(false),
  state: RichDoc.optional(),
  html: z.string().default(''),
  blocks: Blocks.optional(),
  theme: ThemeSchema.optional(),
  revisions: z.array(Revision).optional(),
  createdDate: z.string(),
});
export type Template = z.infer<typeof Template>;

/** True for the block-template variant (edited in the block editor, never in the rich-text one). */
export const isBlockTemplate = (t: Pick<Template, 'blocks'>): t is { blocks: Block[] } =>
  t.blocks !== undefined;

/** The starter block templates (spec 002 section 3: 'Basic' is the only one). */
export const StarterName = z.enum(['Basic'], { message: 'Please select a starting template to continue' });
export type StarterName = z.infer<typeof StarterName>;

/**
 * 'Basic': a centred white container, 600 px at most and 310 px at least, 600 px high at least
 * (the frame, `blockHtml`, draws those); it starts with a heading line and a paragraph, so the editor opens on something to change rather than a blank page.
 */
export function starter(name: StarterName): { blocks: Block[]; theme: Theme } {
  switch (name) {
    case 'Basic':
      return {
        theme: ThemeSchema.parse({}),
        blocks: [
          { id: 'b1', type: 'text', text: 'Your heading', size: 'heading', align: 'left', bold: true },
          {
            id: 'b2',
            type: 'text',
            text: 'Write your message here.',
            size: 'normal',
            align: 'left',
            bold: false,
          },
        ],
      };
  }
}
