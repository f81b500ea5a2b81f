import type { CommandContext } from '../commands/define.ts';
import { validation } from '../errors.ts';
import { isComplete } from './rules.ts';
import {
  type FieldLinker,
  type FieldSchema,
  type FieldValues,
  globalLinkerId,
  type VisitTarget,
  valuesId,
  visitTargetId,
} from './schema.ts';

/** The collections enabled for a resource type that are offered on its records. */
export function offered(schemas: readonly FieldSchema[], linker: FieldLinker | undefined, target: string) {
  const enabled = new Set(linker?.schemaIds ?? []);
  return schemas.filter(
    (s) => enabled.has(s._id) && !s.deleted && !s.isTemplate && (s.target === target || s.target === 'any'),
  );
}

/**
 * A visit cannot be marked done while a required collection enabled for visit completion is
 * incomplete (on the device offline as on the server). The first read joins the visit's own.
 */
export async function assertCompletionFields(ctx: CommandContext, visit: VisitTarget): Promise<void> {
  const target = 'job-occurrence-completion';
  const linker = await ctx.store.get<FieldLinker>('fieldLinker', globalLinkerId(target));
  if (!linker?.schemaIds.length) return;
  const targetId = visitTargetId(visit);
  const read = await Promise.all(
    linker.schemaIds.map((id) =>
      Promise.all([
        ctx.store.get<FieldSchema>('fieldSchema', id),
        ctx.store.get<FieldValues>('fieldValues', valuesId(id, targetId)),
      ]),
    ),
  );
  const schemas = offered(
    read.flatMap(([s]) => (s ? [s] : [])),
    linker,
    target,
  );
  const missing = schemas.filter(
    (s) => s.required && !isComplete(s, read.find(([x]) => x?._id === s._id)?.[1]?.values),
  );
  if (missing.length > 0) {
    throw validation('custom-fields.required-fields-incomplete', { title: missing[0]!.title });
  }
}
