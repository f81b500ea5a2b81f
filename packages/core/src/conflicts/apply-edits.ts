import type { CommandContext } from '../commands/define.ts';
import { mergeLines } from './merge-lines.ts';
import { type Conflict, conflictId, type EditStamps } from './schema.ts';

/** The record an edit is for, as a conflict names it. */
export interface EditTarget {
  type: Conflict['entityType'];
  id: string;
  customerId: string;
  visit?: Conflict['visit'];
}

/** What an edit keeps: the values to write and the record's stamps after it. */
export interface EditOutcome<T> {
  values: Partial<T>;
  edits: EditStamps;
}

/**
 * The rule for two people editing one record (docs/sync.md, "Conflicting edits"), field
 * by field. `base` is what the editor's screen showed before the edit; a field whose stored value
 * is still its base was not changed by anyone else, and the edit applies. Otherwise the edits were
 * concurrent: free text (`textFields`) keeps both sides' lines when they merge (`mergeLines`);
 * any other field, and text that does not merge, keeps the edit made later (the time in each
 * command's id, against the field's stamp), and the person whose value lost is told with a
 * `conflict` record on their devices. A field without a base (an older client) or without a stamp
 * (set before stamps, or by a create) applies as sent and tells no one.
 */
export async function applyEdits<T extends object>(
  ctx: CommandContext,
  target: EditTarget,
  current: T & { _edits?: EditStamps },
  changes: Partial<T>,
  base: Record<string, unknown> | undefined,
  textFields: readonly string[] = ['notes'],
): Promise<EditOutcome<T>> {
  const values: Record<string, unknown> = {};
  const edits: EditStamps = { ...current._edits };
  const at = (ctx.issuedAt ?? ctx.now).toISOString();
  const me = ctx.actor.userId;
  const cur = current as Record<string, unknown>;
  for (const [field, mine] of Object.entries(changes)) {
    if (mine === undefined) continue;
    const stored = cur[field];
    if (alike(mine, stored)) continue;
    const stamp = edits[field];
    const seen = base && field in base ? base[field] : undefined;
    if (!base || !(field in base) || alike(seen, stored) || !stamp) {
      values[field] = mine;
      edits[field] = { at, by: me };
      continue;
    }
    const mineLater = at >= stamp.at;
    if (textFields.includes(field) && typeof mine === 'string') {
      const merged = mergeLines(String(seen ?? ''), mine, String(stored ?? ''), !mineLater);
      if (merged !== undefined) {
        values[field] = merged;
        edits[field] = { at: mineLater ? at : stamp.at, by: me };
        continue;
      }
    }
    if (mineLater) {
      values[field] = mine;
      edits[field] = { at, by: me };
      await tell(ctx, target, {
        userId: stamp.by,
        field,
        yours: stored,
        kept: mine,
        keptBy: me,
        at: stamp.at,
      });
    } else {
      await tell(ctx, target, { userId: me, field, yours: mine, kept: stored, keptBy: stamp.by, at });
    }
  }
  return { values: values as Partial<T>, edits };
}

type Loss = Pick<Conflict, 'userId' | 'field' | 'yours' | 'kept' | 'keptBy' | 'at'>;

function tell(ctx: CommandContext, target: EditTarget, loss: Loss) {
  const conflict: Conflict = {
    _id: conflictId(loss.userId, target.id, loss.field),
    entityType: target.type,
    entityId: target.id,
    customerId: target.customerId,
    ...(target.visit ? { visit: target.visit } : {}),
    ...loss,
  };
  return ctx.store.put<Conflict>('conflict', conflict);
}

/** Unset, `null` (how a base says "was unset" in JSON), '' and [] are one value: nothing. */
const isUnset = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const alike = (a: unknown, b: unknown) => sameValue(a, b) || (isUnset(a) && isUnset(b));

/** Deep equality of JSON values (an address object, a list of tags), key order aside. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
