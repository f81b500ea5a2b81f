import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import type { CommandContext } from '../commands/define.ts';
import { defineCommand } from '../commands/define.ts';
import { Id } from '../entity.ts';
import { notFound, validation } from '../errors.ts';
import { COLUMNS } from './grid.ts';
import { sizeLimits } from './layout-editing.ts';
import {
  type Directory,
  DirectoryFields,
  type Layout,
  LayoutFields,
  type LayoutItem,
  PUBLISHED_ID,
  type PublishedLayout,
} from './schema.ts';
import { type ConfigurableWidget, widgetOfItem, widgetSettings } from './widgets.ts';

/** Only the business owner edits the portal (spec 002 section 6). */
const owner = { ...routeByName('portal-directory'), roles: ['Owner'] } as const;
/** The layout editor is Ultimate and above (spec 002 section 6). */
const layoutEditor = { ...owner, minLevel: 'Ultimate' } as const;

/**
 * The directory entry, whole (`PUT /api/directory/secure/{accountEmail}`): one per account, its id
 * the account's. Prepay options need a card provider's key (spec 002 section 5). The URL handle's
 * uniqueness across accounts is the server's claim, made before this runs (docs/portal.md).
 */
export const saveDirectory = defineCommand({
  name: 'portal.save-directory',
  input: DirectoryFields,
  access: owner,
  async run(ctx, fields) {
    if (fields.config.prepayOptions.length > 0 && !fields.stripePublishableKey) {
      throw validation('directory.stripe-not-connected');
    }
    const entry: Directory = {
      ...fields,
      _id: ctx.actor.accountId,
      config: { ...fields.config, directory: fields.uniqueUrl },
    };
    return ctx.store.put<Directory>('portalDirectory', entry);
  },
});

/** Each item names a known widget and keeps to its size limits (spec 002 section 5); no two share a name. */
function checkLayout(items: readonly LayoutItem[]) {
  const seen = new Set<string>();
  for (const item of items) {
    const name = widgetOfItem(item.i);
    if (!name) throw validation('portal.widget-unknown', { widget: item.i });
    if (seen.has(item.i)) throw validation('portal.layout-item-twice', { widget: item.i });
    seen.add(item.i);
    const l = sizeLimits(name);
    const tooSmall = item.w < l.minW || item.h < l.minH;
    const tooLarge = item.w > l.maxW || item.h > l.maxH || item.x + item.w > COLUMNS;
    if (tooSmall || tooLarge) throw validation('portal.widget-size-invalid', { widget: item.i });
  }
}

export const saveLayout = defineCommand({
  name: 'portal.save-layout',
  input: LayoutFields.extend({ _id: Id.optional() }),
  access: layoutEditor,
  async run(ctx, { _id, ...fields }) {
    checkLayout(fields.layout);
    const saved = await ctx.store.put<Layout>('portalLayout', { ...fields, _id: _id ?? ctx.newId() });
    const published = _id ? await ctx.store.get<PublishedLayout>('portalPublished', PUBLISHED_ID) : undefined;
    // The published one's copy follows it: the public read takes the items from the pointer.
    if (published && published.layoutId === _id) {
      await ctx.store.put<PublishedLayout>('portalPublished', {
        _id: PUBLISHED_ID,
        layoutId: _id,
        layout: fields.layout,
      });
    }
    return saved;
  },
});

async function loadLayout(ctx: CommandContext, id: string) {
  const layout = await ctx.store.get<Layout>('portalLayout', id);
  if (!layout) throw notFound('portal.layout-not-found', { id });
  return layout;
}

/** The layout the public page and the script show when the host page names no widget. */
export const publishLayout = defineCommand({
  name: 'portal.publish-layout',
  input: z.object({ layoutId: Id }),
  access: layoutEditor,
  async run(ctx, { layoutId }) {
    const { layout } = await loadLayout(ctx, layoutId);
    return ctx.store.put<PublishedLayout>('portalPublished', { _id: PUBLISHED_ID, layoutId, layout });
  },
});

/** The published layout cannot be deleted: publish another first. */
export const deleteLayout = defineCommand({
  name: 'portal.delete-layout',
  input: z.object({ _id: Id }),
  access: layoutEditor,
  async run(ctx, { _id }) {
    await loadLayout(ctx, _id);
    const published = await ctx.store.get<PublishedLayout>('portalPublished', PUBLISHED_ID);
    if (published?.layoutId === _id) throw validation('portal.layout-published');
    await ctx.store.remove('portalLayout', _id);
    return { deleted: _id };
  },
});

const WidgetSettingsInput = z.discriminatedUnion(
  'widget',
  (Object.keys(widgetSettings) as ConfigurableWidget[]).map((widget) =>
    z.object({ widget: z.literal(widget), settings: widgetSettings[widget] }),
  ) as never,
) as z.ZodType<{ widget: ConfigurableWidget; settings: Record<string, unknown> }>;

/** A widget's settings (`portal.component-{widget}` in the spec), one record per widget. */
export const saveWidgetSettings = defineCommand({
  name: 'portal.save-widget-settings',
  input: WidgetSettingsInput,
  access: owner,
  async run(ctx, { widget, settings }) {
    return ctx.store.put<{ _id: string; settings: Record<string, unknown> }>('portalWidget', {
      _id: widget,
      settings,
    });
  },
});
