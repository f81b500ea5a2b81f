import type { Customer } from '../customers/schema.ts';
import type { FilterField } from './filter-groups.ts';

/**
 * What an audience reads beside the customer: the names of the rounds each customer's jobs are
 * on (customer id to names, one a line; `customerRounds`). Absent, the round filter matches no one.
 */
export interface AudienceExtras {
  rounds?: ReadonlyMap<string, string>;
}

/** Each customer's round names (one a line) from the jobs and the rounds, for the round filter. */
export function customerRounds(
  jobs: readonly { customerId: string; rounds: readonly string[]; quoteId?: string }[],
  rounds: readonly { _id: string; description: string }[],
): Map<string, string> {
  const names = new Map(rounds.map((r) => [r._id, r.description]));
  const found = new Map<string, Set<string>>();
  for (const j of jobs) {
    if (j.quoteId) continue; // a quote's jobs are not booked on the round yet
    for (const id of j.rounds) {
      const name = names.get(id);
      if (!name) continue;
      const set = found.get(j.customerId) ?? new Set();
      set.add(name);
      found.set(j.customerId, set);
    }
  }
  return new Map([...found].map(([id, set]) => [id, [...set].join('\n')]));
}

export interface AudienceField extends Omit<FilterField<Customer>, 'read'> {
  /** The customer's value: text (lower-cased when compared), the select's values, or a boolean. */
  read(c: Customer, extras: AudienceExtras): string | readonly string[] | boolean;
}

/**
 * The customer fields an audience filters on (spec 002 section 3). The customer search's
 * 'additional' field (free text over everything) is excluded by the spec, so it is not here.
 */
export const AUDIENCE_FIELDS: readonly AudienceField[] = [
  { field: 'name', label: 'Name', kind: 'text', read: (c) => c.name },
  { field: 'address', label: 'Address', kind: 'text', read: (c) => c.address?.addressDescription ?? '' },
  { field: 'email', label: 'Email', kind: 'text', read: (c) => c.email ?? '' },
  { field: 'telephoneNumber', label: 'Telephone', kind: 'text', read: (c) => c.telephoneNumber ?? '' },
  { field: 'mobileNumber', label: 'Mobile', kind: 'text', read: (c) => c.mobileNumber ?? '' },
  { field: 'notes', label: 'Notes', kind: 'text', read: (c) => c.notes ?? '' },
  { field: 'source', label: 'Source', kind: 'text', read: (c) => c.source ?? '' },
  { field: 'tags', label: 'Tags', kind: 'text', read: (c) => (c.tags ?? []).join('\n') },
  { field: 'round', label: 'Round', kind: 'text', read: (c, x) => x.rounds?.get(c._id) ?? '' },
  {
    field: 'state',
    label: 'State',
    kind: 'select',
    options: ['active', 'inactive'],
    read: (c) => [c.state ?? 'active'],
  },
  {
    field: 'contactMethods',
    label: 'Contact method',
    kind: 'select',
    options: ['email', 'sms', 'phone', 'post'],
    read: (c) => c.contactMethods ?? [],
  },
  {
    field: 'marketingAccepted',
    label: 'Accepts marketing',
    kind: 'boolean',
    read: (c) => c.marketingAccepted === true,
  },
];

export const audienceField = (field: string) => AUDIENCE_FIELDS.find((f) => f.field === field);

/** An audience field as the filter engine reads it, over customers with `extras` beside them. */
export function customerFilterField(name: string, extras: AudienceExtras): FilterField<Customer> | undefined {
  const field = audienceField(name);
  return field && { ...field, read: (c) => field.read(c, extras) };
}
