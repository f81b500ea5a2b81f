import type { FilterGroups } from './schema.ts';

/**
 * The filter-group engine (spec 002 section 3, "filter groups"): filters ANDed within a group,
 * groups ORed. Audiences run it over customers; other areas (the price change's affected jobs) run
 * it over their own rows with their own fields, so every list filtered this way behaves alike.
 */
export type FieldKind = 'text' | 'select' | 'boolean' | 'number';

export interface FilterField<R> {
  field: string;
  label: string;
  kind: FieldKind;
  /** A select's options. */
  options?: readonly string[];
  /** The row's value: text (compared lower-cased), a select's values, a boolean or a number. */
  read(row: R): string | readonly string[] | boolean | number;
}

/** The operators a field offers: text Contains / DoesNotContain, a number AtLeast / AtMost, else Is / IsNot. */
export function operatorsOf(kind: FieldKind) {
  if (kind === 'text') return ['Contains', 'DoesNotContain'] as const;
  if (kind === 'number') return ['AtLeast', 'AtMost'] as const;
  return ['Is', 'IsNot'] as const;
}

/** Whether every filter names a field of `fieldOf` with an operator its kind offers. */
export function filtersValid<R>(groups: FilterGroups, fieldOf: (name: string) => FilterField<R> | undefined) {
  return groups.flat().every((f) => {
    const field = fieldOf(f.field);
    return !!field && (operatorsOf(field.kind) as readonly string[]).includes(f.operator);
  });
}

type Test<R> = (row: R) => boolean;

function matcher<R>(field: FilterField<R>, operator: string, raw: string): Test<R> {
  if (field.kind === 'number') {
    const limit = Number(raw.trim());
    if (raw.trim() === '' || !Number.isFinite(limit)) return () => false;
    return operator === 'AtMost'
      ? (r) => (field.read(r) as number) <= limit
      : (r) => (field.read(r) as number) >= limit;
  }
  if (field.kind === 'boolean') {
    const wanted = raw.trim().toLowerCase() === 'y';
    return (r) => field.read(r) === wanted;
  }
  if (field.kind === 'select') {
    const wanted = raw.trim().toLowerCase();
    return (r) => (field.read(r) as readonly string[]).some((v) => v.toLowerCase() === wanted);
  }
  const needle = raw.trim().toLowerCase();
  return (r) => (field.read(r) as string).toLowerCase().includes(needle);
}

/**
 * The rows matching every filter of at least one group, in their order. No group, or only empty
 * groups, matches nothing: a list is chosen by adding filters. A field `fieldOf` does not know
 * matches nothing. Each filter's value is prepared once (the lists run over 20,000 rows).
 */
export function matchGroups<R>(
  groups: FilterGroups,
  rows: readonly R[],
  fieldOf: (name: string) => FilterField<R> | undefined,
): R[] {
  const compiled = groups
    .filter((g) => g.length > 0)
    .map((g) =>
      g.map((f): Test<R> => {
        const field = fieldOf(f.field);
        if (!field) return () => false;
        const matches = matcher(field, f.operator, f.value);
        const negate = f.operator === 'DoesNotContain' || f.operator === 'IsNot';
        return negate ? (r) => !matches(r) : matches;
      }),
    );
  if (compiled.length === 0) return [];
  return rows.filter((r) => compiled.some((tests) => tests.every((t) => t(r))));
}
