import type { Customer } from '../customers/schema.ts';

type FieldKind = 'text' | 'select' | 'boolean';

export interface AudienceField {
  field: string;
  label: string;
  kind: FieldKind;
  /** A select's options. */
  options?: readonly string[];
  /** The customer's value: text (lower-cased when compared), the select's values, or a boolean. */
  read(c: Customer): string | readonly string[] | boolean;
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

/** The operators a field offers: Contains / DoesNotContain for text, Is / IsNot for the rest. */
export const operatorsOf = (kind: FieldKind) =>
  kind === 'text' ? (['Contains', 'DoesNotContain'] as const) : (['Is', 'IsNot'] as const);
