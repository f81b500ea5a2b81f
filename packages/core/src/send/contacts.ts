import type { Customer } from '../customers/schema.ts';
import { type AudienceExtras, type AudienceField, audienceField } from './audience-fields.ts';
import type { Filter, FilterGroups } from './schema.ts';

type Test = (c: Customer) => boolean;

/** One filter as a test on a customer, its value prepared once (the audience runs over 20,000). */
function compile(filter: Filter, x: AudienceExtras): Test {
  const field = audienceField(filter.field);
  if (!field) return () => false; // a field this version does not know matches nobody
  const negate = filter.operator === 'DoesNotContain' || filter.operator === 'IsNot';
  const matches = matcher(field, filter.value, x);
  return negate ? (c) => !matches(c) : matches;
}

function matcher(field: AudienceField, raw: string, x: AudienceExtras): Test {
  if (field.kind === 'boolean') {
    const wanted = raw.trim().toLowerCase() === 'y';
    return (c) => field.read(c, x) === wanted;
  }
  if (field.kind === 'select') {
    const wanted = raw.trim().toLowerCase();
    return (c) => (field.read(c, x) as readonly string[]).some((v) => v.toLowerCase() === wanted);
  }
  const needle = raw.trim().toLowerCase();
  return (c) => (field.read(c, x) as string).toLowerCase().includes(needle);
}

/**
 * The customers an audience reaches (spec 002 section 3): those matching every filter of at
 * least one group (AND within a group, OR across groups). No group, or only empty groups, reaches
 * nobody: an audience is built by adding filters. Pure, in the customers' order.
 */
export function audienceContacts(
  groups: FilterGroups,
  customers: readonly Customer[],
  extras: AudienceExtras = {},
): Customer[] {
  const compiled = groups.filter((g) => g.length > 0).map((g) => g.map((f) => compile(f, extras)));
  if (compiled.length === 0) return [];
  return customers.filter((c) => compiled.some((tests) => tests.every((t) => t(c))));
}

/** Whether any group filters on the customers' rounds (only then are jobs and rounds read). */
export const filtersRounds = (groups: FilterGroups) => groups.flat().some((f) => f.field === 'round');

/** Whether the audiences themselves ask for marketing consent (a `marketingAccepted` Is y filter in every group). */
export function filtersOptIn(groups: FilterGroups): boolean {
  const live = groups.filter((g) => g.length > 0);
  return (
    live.length > 0 &&
    live.every((g) =>
      g.some(
        (f) =>
          f.field === 'marketingAccepted' &&
          ((f.operator === 'Is' && f.value === 'y') || (f.operator === 'IsNot' && f.value === 'n')),
      ),
    )
  );
}
