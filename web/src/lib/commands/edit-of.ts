import { Conflicts } from '@roundwise/core';

/**
 * An edit command's `changes` and `base` from a form: the fields whose value differs from what
 * the form showed when it opened (`seen`), and those shown values. The server settles an edit
 * that meets someone else's concurrent one field by field from the base (`Conflicts.applyEdits`),
 * so a field the user did not touch is never sent and never overwrites another person's change.
 */
export function editOf<T extends object>(
  seen: Partial<T>,
  values: Partial<T>,
): { changes: Partial<T>; base: Record<string, unknown> } {
  const changes: Record<string, unknown> = {};
  const base: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const shown = (seen as Record<string, unknown>)[key];
    if (value === undefined || Conflicts.sameValue(value, shown)) continue;
    changes[key] = value;
    base[key] = shown ?? null;
  }
  return { changes: changes as Partial<T>, base };
}
