import { sameValue } from '../conflicts/apply-edits.ts';
import type { AuditSubject, Edit, FieldChange, RecordChange } from './schema.ts';

/** Fields every stored record carries, which say nothing a person changed. */
const META = new Set(['_id', '_version', '_updatedAt', '_deleted', '_edits']);
/** At most this many records are described one by one (a reorder of a big day writes hundreds). */
const DESCRIBED = 50;
/** A long value (notes) is shown up to this many characters in the description text. */
const SHOWN = 300;

/** What one record's write changed, field by field. */
export function recordChange(edit: Edit): RecordChange {
  const id = String(edit.after._id);
  const deleted = edit.after._deleted === true;
  const op = !edit.before || edit.before._deleted ? 'create' : deleted ? 'delete' : 'update';
  const before = edit.before && !edit.before._deleted ? edit.before : {};
  const after = deleted ? {} : edit.after;
  const fields: FieldChange[] = [];
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (META.has(field) || sameValue(before[field], after[field])) continue;
    fields.push({ field, old: before[field], new: after[field] });
  }
  return { resourceType: edit.type, id, op, fields };
}

const text = (v: unknown) => {
  if (v === undefined || v === null || v === '') return '(empty)';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > SHOWN ? `${s.slice(0, SHOWN)}…` : s;
};

/**
 * An entry's parts for a command's writes: the subject (the record of the command's own area,
 * the one its input names when it names one), the others as related subjects, a summary and the
 * description, field by field. A customer's deletion has no summary: the spec shows 'Restore' on
 * entries "for deleted customers with no summary".
 */
export function describeCommand(name: string, input: unknown, edits: Edit[], ownType?: string) {
  const changes = edits.map(recordChange).filter((c) => c.op !== 'update' || c.fields.length > 0);
  const named = (input as { _id?: unknown } | undefined)?._id;
  const own = changes.filter((c) => c.resourceType === ownType);
  const main = own.find((c) => c.id === named) ?? own[0] ?? changes[0];
  const subject: AuditSubject = main
    ? { id: main.id, resourceType: main.resourceType }
    : { id: '', resourceType: ownType ?? '' };
  const relatedSubjects = changes
    .filter((c) => c !== main)
    .slice(0, DESCRIBED)
    .map((c) => ({ id: c.id, resourceType: c.resourceType }));
  const label = nameOf(main, edits);
  const customerDeleted = main?.resourceType === 'customer' && main.op === 'delete';
  const summary = customerDeleted
    ? undefined
    : `${name}${main ? ` ${main.resourceType}${label ? ` ${label}` : ''}` : ''}${
        changes.length > 1 ? ` (+${changes.length - 1} more)` : ''
      }`;
  const lines: string[] = [];
  for (const c of changes.slice(0, DESCRIBED)) {
    lines.push(`${c.op} ${c.resourceType} ${c.id}`);
    if (c.op === 'update')
      for (const f of c.fields) lines.push(`  ${f.field}: ${text(f.old)} -> ${text(f.new)}`);
  }
  if (changes.length > DESCRIBED) lines.push(`and ${changes.length - DESCRIBED} more records`);
  if (customerDeleted && label) lines.unshift(`Deleted customer ${label}`);
  return {
    subject,
    relatedSubjects,
    ...(summary ? { actionDetailsSummary: summary } : {}),
    actionDetailsDescription: lines.join('\n'),
    changes: changes.slice(0, DESCRIBED),
  };
}

/** The name or description a record carries, to say which one it was. */
function nameOf(change: RecordChange | undefined, edits: Edit[]): string | undefined {
  if (!change) return undefined;
  const edit = edits.find((e) => String(e.after._id) === change.id && e.type === change.resourceType);
  const record = edit?.after._deleted ? edit.before : edit?.after;
  const label = record?.name ?? record?.description ?? record?.title;
  return typeof label === 'string' && label ? label : undefined;
}
