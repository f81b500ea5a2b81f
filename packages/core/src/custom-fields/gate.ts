import type { CommandContext } from '../commands/define.ts';
import { validation } from '../errors.ts';
import { isComplete } from './rules.ts';
import {
  type FieldLinker,
  type FieldSchema,
  type FieldValues,
  globalLinkerId,
  jobLinkerId,
  type VisitTarget,
  valuesId,
  visitTargetId,
} from './schema.ts';

/** The collections offered on a record: enabled for its type, or for its job, and for its kind of record. */
export function offered(
  schemas: readonly FieldSchema[],
  linkers: readonly (FieldLinker | undefined)[],
  target: string,
) {
  const enabled = new Set(linkers.flatMap((l) => l?.schemaIds ?? []));
  return schemas.filter(
    (s) => enabled.has(s._id) && !s.deleted && !s.isTemplate && (s.target === target || s.target === 'any'),
  );
}

/**
 * A visit cannot be marked done while a required collection enabled for visit completion is
 * incomplete (on the device offline as on the server). The first reads join the visit's own.
 */
export async function assertCompletionFields(ctx: CommandContext, visit: VisitTarget): Promise<void> {
  const target = 'job-occurrence-completion';
  const linkers = await Promise.all([
    ctx.store.get<FieldLinker>('fieldLinker', globalLinkerId(target)),
    ctx.store.get<FieldLinker>('fieldLinker', jobLinkerId(visit.jobId)),
  ]);
  const ids = [...new Set(linkers.flatMap((l) => l?.schemaIds ?? []))];
  if (ids.length === 0) return;
  const targetId = visitTargetId(visit);
  const read = await Promise.all(
    ids.map((id) =>
      Promise.all([
        ctx.store.get<FieldSchema>('fieldSchema', id),
        ctx.store.get<FieldValues>('fieldValues', valuesId(id, targetId)),
      ]),
    ),
  );
  const schemas = offered(
    read.flatMap(([s]) => (s ? [s] : [])),
    linkers,
    target,
  );
  const missing = schemas.filter(
    (s) => s.required && !isComplete(s, read.find(([x]) => x?._id === s._id)?.[1]?.values),
  );
  if (missing.length > 0) {
    throw validation('custom-fields.required-fields-incomplete', { title: missing[0]!.title });
  }
}
