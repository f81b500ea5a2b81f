import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import { defineCommand } from '../commands/define.ts';
import { Id, patchOf } from '../entity.ts';
import { forbidden, notFound, validation } from '../errors.ts';
import { clearTemplateFromCampaigns } from '../send/cascades.ts';
import type { Store } from '../store/store.ts';
import { Blocks, Theme } from './blocks.ts';
import { blockHtml } from './html/block-html.ts';
import { richTextHtml } from './html/rich-text-html.ts';
import { fitted } from './revisions.ts';
import { emptyDoc, RichDoc } from './rich-doc.ts';
import { isBlockTemplate, StarterName, starter, type Template, TemplateDetails } from './schema.ts';

/** Templates live under `send/*` (Owner and Admin, the `send` flag): the block editor too. */
const access = routeByName('send');

/** The SMS text follows the subject while that option is on (spec 002 section 5). */
const withSms = <T extends Pick<Template, 'subject' | 'smsTemplate' | 'useSubjectAsSmsMessage'>>(t: T): T =>
  t.useSubjectAsSmsMessage ? { ...t, smsTemplate: t.subject } : t;

/** The HTML of a template, from its blocks or its rich-text document (never from a caller). */
export function templateHtml(t: Pick<Template, 'subject' | 'state' | 'blocks' | 'theme'>): string {
  if (t.blocks) return blockHtml(t.blocks, t.theme ?? Theme.parse({}), t.subject);
  return richTextHtml(t.state ?? emptyDoc(), t.subject);
}

/** The template to change: found, and not read-only (spec 002 section 6). */
async function editable(store: Store, id: string): Promise<Template> {
  const current = await store.get<Template>('template', id);
  if (!current) throw notFound('templates.templateNotFound', { id });
  if (current.readonly) throw forbidden('templates.readonly', { id });
  return current;
}

/**
 * The wizard's Finish: a rich-text template with the editor's document, or (with the block-editor
 * beta flag) a block template from a starter, which the block editor then opens.
 */
export const createTemplate = defineCommand({
  name: 'templates.create',
  input: TemplateDetails.extend({
    _id: Id.optional(),
    readonly: z.boolean().default(false),
    state: RichDoc.optional(),
    starter: StarterName.optional(),
  }).refine((t) => !(t.state && t.starter), 'general.validation-failed'),
  access,
  async run(ctx, { _id, state, starter: starterName, ...details }) {
    const content = starterName ? starter(starterName) : { state: state ?? emptyDoc() };
    const fields = withSms({ ...details, ...content, createdDate: ctx.now.toISOString() });
    return ctx.store.put<Template>(
      'template',
      fitted({
        ...fields,
        _id: _id ?? ctx.newId(),
        html: templateHtml(fields),
        ...(starterName ? { revisions: [] } : {}),
      }),
    );
  },
});

/** The edit wizard's Finish (and the rich-text editor's save): details and, for rich text, the document. */
export const updateTemplate = defineCommand({
  name: 'templates.update',
  input: z.object({ _id: Id, changes: patchOf(TemplateDetails).extend({ state: RichDoc.optional() }) }),
  access,
  async run(ctx, { _id, changes }) {
    const current = await editable(ctx.store, _id);
    if (changes.state && isBlockTemplate(current))
      throw validation('templates.block-template-state', { id: _id });
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    const next = withSms({ ...current, ...defined });
    return ctx.store.put<Template>('template', fitted({ ...next, html: templateHtml(next) }));
  },
});

/** The block editor's Save: the blocks and theme, kept as a new revision too. */
export const saveBlocks = defineCommand({
  name: 'templates.save-blocks',
  input: z.object({ _id: Id, blocks: Blocks, theme: Theme }),
  access,
  async run(ctx, { _id, blocks, theme }) {
    const current = await editable(ctx.store, _id);
    if (!isBlockTemplate(current)) throw validation('templates.not-block-template', { id: _id });
    const revision = { _id: ctx.newId(), savedDate: ctx.now.toISOString(), blocks, theme };
    const next = { ...current, blocks, theme };
    return ctx.store.put<Template>(
      'template',
      fitted({ ...next, html: templateHtml(next), revisions: [revision, ...(current.revisions ?? [])] }),
    );
  },
});

/** Back to a saved revision: its blocks and theme become the template's (listed again as the newest). */
export const restoreRevision = defineCommand({
  name: 'templates.restore-revision',
  input: z.object({ _id: Id, revisionId: Id }),
  access,
  async run(ctx, { _id, revisionId }) {
    const current = await editable(ctx.store, _id);
    const revision = current.revisions?.find((r) => r._id === revisionId);
    if (!revision) throw notFound('templates.revision-not-found', { id: revisionId });
    const restored = { ...revision, _id: ctx.newId(), savedDate: ctx.now.toISOString() };
    const next = { ...current, blocks: revision.blocks, theme: revision.theme };
    return ctx.store.put<Template>(
      'template',
      fitted({ ...next, html: templateHtml(next), revisions: [restored, ...(current.revisions ?? [])] }),
    );
  },
});

export const removeTemplate = defineCommand({
  name: 'templates.remove',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    await editable(ctx.store, _id);
    // Spec 002 section 4, "Cascades": campaigns that used it are left without a template.
    await clearTemplateFromCampaigns(ctx.store, _id);
    await ctx.store.remove('template', _id);
    return { removed: _id };
  },
});
