import type { Customer } from '../customers/schema.ts';
import { type AudienceExtras, customerFilterField } from './audience-fields.ts';
import { matchGroups } from './filter-groups.ts';
import type { FilterGroups } from './schema.ts';

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
  return matchGroups(groups, customers, (name) => customerFilterField(name, extras));
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
