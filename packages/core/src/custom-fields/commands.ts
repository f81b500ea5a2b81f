import { z } from 'zod';
import type { CommandContext } from '../commands/define.ts';
import { defineCommand } from '../commands/define.ts';
import { applyEdits } from '../conflicts/apply-edits.ts';
import { EditBase } from '../conflicts/schema.ts';
import { Id, patchOf } from '../entity.ts';
import { notFound, validation } from '../errors.ts';
import { admins, anyone, targetRecord } from './access.ts';
import { answerError, answersTo, changesShape, itemChange } from './rules.ts';
import {
  Answer,
  type FieldLinker,
  type FieldSchema,
  type FieldValues,
  globalLinkerId,
  Item,
  jobLinkerId,
  SchemaFields,
  Target,
  VisitTarget,
  valuesId,
} from './schema.ts';
import { STANDARD_TEMPLATES } from './templates.ts';

async function loadSchema(ctx: CommandContext, id: string): Promise<FieldSchema> {
  const schema = await ctx.store.get<FieldSchema>('fieldSchema', id);
  if (!schema || schema.deleted) throw notFound('custom-fields.schema-not-found', { id });
  return schema;
}

const valuesOf = (ctx: CommandContext, schemaId: string) =>
  ctx.store.listBy<FieldValues>('fieldValues', schemaId);

/**
 * A collection or a template, empty or from a template: a standard one (by key) or one of the
 * account's (by id). A template with no items is refused (`no-fields-in-template`).
 */
export const createSchema = defineCommand({
  name: 'custom-fields.create-schema',
  input: SchemaFields.extend({ _id: Id.optional(), fromTemplate: z.string().max(64).optional() }),
  access: admins,
  async run(ctx, { _id, fromTemplate, ...fields }) {
    let items: Record<string, Item> = {};
    if (fromTemplate) {
      const standard = STANDARD_TEMPLATES.find((t) => t.key === fromTemplate);
      const source = standard
        ? Object.fromEntries(standard.items.map((item, i) => [String(i), Item.parse(item)]))
        : (await loadSchema(ctx, fromTemplate)).items;
      if (Object.keys(source).length === 0) throw validation('custom-fields.no-fields-in-template');
      items = Object.fromEntries(Object.values(source).map((item, i) => [String(i), item]));
    }
    return ctx.store.put<FieldSchema>('fieldSchema', {
      ...fields,
      _id: _id ?? ctx.newId(),
      items,
      nextIndex: Object.keys(items).length,
    });
  },
});

export const updateSchema = defineCommand({
  name: 'custom-fields.update-schema',
  input: z.object({ _id: Id, changes: patchOf(SchemaFields) }),
  access: admins,
  async run(ctx, { _id, changes }) {
    const schema = await loadSchema(ctx, _id);
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    if (changes.target && changes.target !== schema.target && (await valuesOf(ctx, _id)).length > 0) {
      throw validation('custom-fields.target-change-refused');
    }
    return ctx.store.put<FieldSchema>('fieldSchema', { ...schema, ...defined });
  },
});

/**
 * Adds an item (no index) or changes one. A change of an answered item's type or options is
 * refused with the count of answers, except the conversions that keep them (`itemChange`), which
 * rewrite the answers; `dryRun` only counts them (the screen asks before it saves).
 */
export const saveItem = defineCommand({
  name: 'custom-fields.save-item',
  input: z.object({
    schemaId: Id,
    index: z
      .string()
      .regex(/^\d{1,6}$/)
      .optional(),
    item: Item,
    dryRun: z.boolean().default(false),
  }),
  access: admins,
  async run(ctx, { schemaId, index, item, dryRun }) {
    const schema = await loadSchema(ctx, schemaId);
    if (index === undefined) {
      const next = String(schema.nextIndex);
      if (!dryRun) {
        await ctx.store.put<FieldSchema>('fieldSchema', {
          ...schema,
          items: { ...schema.items, [next]: item },
          nextIndex: schema.nextIndex + 1,
        });
      }
      return { index: next, affected: 0 };
    }
    const before = schema.items[index];
    if (!before) throw notFound('custom-fields.item-not-found', { index });
    let rewrite: FieldValues[] = [];
    let affected = 0;
    if (changesShape(before, item)) {
      const values = await valuesOf(ctx, schemaId);
      affected = answersTo(index, values);
      if (affected > 0) {
        const change = itemChange(before, item);
        if (!change.ok) throw validation(change.code, { count: affected });
        const convert = change.convert;
        if (convert) {
          rewrite = values
            .filter((v) => v.values[index])
            .map((v) => ({ ...v, values: { ...v.values, [index]: convert(v.values[index]!) } }));
        }
      }
    }
    if (dryRun) return { index, affected };
    for (const v of rewrite) await ctx.store.put<FieldValues>('fieldValues', v);
    await ctx.store.put<FieldSchema>('fieldSchema', { ...schema, items: { ...schema.items, [index]: item } });
    return { index, affected };
  },
});

/** An item with answers cannot be deleted (make it inactive instead); one without is removed. */
export const deleteItem = defineCommand({
  name: 'custom-fields.delete-item',
  input: z.object({ schemaId: Id, index: z.string().regex(/^\d{1,6}$/) }),
  access: admins,
  async run(ctx, { schemaId, index }) {
    const schema = await loadSchema(ctx, schemaId);
    if (!schema.items[index]) throw notFound('custom-fields.item-not-found', { index });
    const count = answersTo(index, await valuesOf(ctx, schemaId));
    if (count > 0) throw validation('custom-fields.field-in-use', { count });
    const { [index]: _gone, ...items } = schema.items;
    await ctx.store.put<FieldSchema>('fieldSchema', { ...schema, items });
    return { deleted: index };
  },
});

/** Copies an item of another collection (with items) into this one, at a new index. */
export const cloneItem = defineCommand({
  name: 'custom-fields.clone-item',
  input: z.object({ schemaId: Id, fromSchemaId: Id, index: z.string().regex(/^\d{1,6}$/) }),
  access: admins,
  async run(ctx, { schemaId, fromSchemaId, index }) {
    const [schema, from] = await Promise.all([loadSchema(ctx, schemaId), loadSchema(ctx, fromSchemaId)]);
    const item = from.items[index];
    if (!item) throw notFound('custom-fields.item-not-found', { index });
    const next = String(schema.nextIndex);
    await ctx.store.put<FieldSchema>('fieldSchema', {
      ...schema,
      items: { ...schema.items, [next]: item },
      nextIndex: schema.nextIndex + 1,
    });
    return { index: next };
  },
});

/** Deletes a collection; one with answers is archived instead (both flags), so they stay readable. */
export const deleteSchema = defineCommand({
  name: 'custom-fields.delete-schema',
  input: z.object({ _id: Id }),
  access: admins,
  async run(ctx, { _id }) {
    const schema = await loadSchema(ctx, _id);
    if ((await valuesOf(ctx, _id)).length > 0) {
      await ctx.store.put<FieldSchema>('fieldSchema', { ...schema, archived: true, deleted: true });
      return { archived: true };
    }
    await ctx.store.remove('fieldSchema', _id);
    return { archived: false };
  },
});

/**
 * Which collections are offered: for a resource type (the global dialog), or on one job and its
 * visits beside those (the dialog opened from a job). A collection is offered only once enabled.
 */
export const setEnabled = defineCommand({
  name: 'custom-fields.set-enabled',
  input: z.object({ resourceType: Target, jobId: Id.optional(), schemaIds: z.array(Id).max(500) }),
  access: admins,
  async run(ctx, { resourceType, jobId, schemaIds }) {
    if (jobId && !(await ctx.store.get('job', jobId))) throw notFound('jobs.not-found', { id: jobId });
    return ctx.store.put<FieldLinker>('fieldLinker', {
      _id: jobId ? jobLinkerId(jobId) : globalLinkerId(resourceType),
      parentType: jobId ? 'jobs' : 'global',
      parentId: jobId ?? resourceType,
      kind: 'metadata',
      schemaIds: [...new Set(schemaIds)],
    });
  },
});

/**
 * Answers to some items of a collection for one record. Each item is settled on its own with
 * concurrent edits (docs/sync.md, "Conflicting edits"): `base` is what the form showed of each
 * answer it changes; of two people answering one item offline, the later answer is kept and the
 * other person is told. Answering clears a skip, skipping clears the answer.
 */
export const fill = defineCommand({
  name: 'custom-fields.fill',
  input: z.object({
    schemaId: Id,
    target: Target,
    targetObjectId: Id.optional(),
    visit: VisitTarget.optional(),
    answers: z.record(z.string().regex(/^\d{1,6}$/), Answer),
    base: EditBase,
  }),
  access: anyone,
  async run(ctx, { schemaId, target, targetObjectId, visit, answers, base }) {
    const schema = await loadSchema(ctx, schemaId);
    if (schema.isTemplate || (schema.target !== target && schema.target !== 'any')) {
      throw notFound('custom-fields.schema-not-found', { id: schemaId });
    }
    const record = await targetRecord(ctx, target, targetObjectId, visit);
    const changes: Record<string, Answer> = {};
    for (const [index, raw] of Object.entries(answers)) {
      const item = schema.items[index];
      if (!item?.active) throw notFound('custom-fields.item-not-found', { index });
      const answer: Answer = raw.skipped ? { notes: raw.notes, skipped: true } : { ...raw, skipped: false };
      const error = answerError(item, answer);
      if (error) throw validation(error, { item: item.title });
      changes[index] = answer;
    }
    const _id = valuesId(schemaId, record.targetObjectId);
    const current = await ctx.store.get<FieldValues>('fieldValues', _id);
    const outcome = await applyEdits(
      ctx,
      { type: 'fieldValues', id: _id, customerId: record.customerId ?? '', ...(visit ? { visit } : {}) },
      { ...current?.values, _edits: current?._edits } as Record<string, unknown>,
      changes as Record<string, unknown>,
      base,
      [],
    );
    return ctx.store.put<FieldValues>('fieldValues', {
      _id,
      schemaId,
      target,
      targetObjectId: record.targetObjectId,
      ...(record.customerId ? { customerId: record.customerId } : {}),
      assignees: record.assignees,
      values: { ...current?.values, ...(outcome.values as Record<string, Answer>) },
      _edits: outcome.edits,
    });
  },
});
