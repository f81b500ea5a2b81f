import { describe, expect, it } from 'vitest';
import { Customer } from '../customers/schema.ts';
import { customerRounds } from './audience-fields.ts';
import { audienceContacts, filtersOptIn } from './contacts.ts';
import { recipientPlan } from './recipients.ts';
import type { Filter, FilterGroups } from './schema.ts';

const customer = (over: Record<string, unknown>) =>
  Customer.parse({ _id: String(over.name), createdDate: '2026-01-01', ...over });
const people = [
  customer({ name: 'Ann Lee', email: 'ann@example.com', marketingAccepted: true, tags: ['vip'] }),
  customer({ name: 'Bob Stone', address: { addressDescription: '1 High St, Leeds' }, state: 'inactive' }),
  customer({ name: 'Cat Moss', contactMethods: ['sms'], mobileNumber: '07700 900001', source: 'directory' }),
  customer({ name: 'Dan Lee', email: 'dan@example.com', notes: 'Conservatory', contactMethods: ['email'] }),
];
let n = 0;
const f = (field: string, operator: Filter['operator'], value: string): Filter => ({
  id: `f${++n}`,
  field,
  label: field,
  operator,
  value,
});
const names = (groups: FilterGroups) => audienceContacts(groups, people).map((c) => c.name);

describe('audienceContacts (spec 002 section 3: AND within a group, OR across groups)', () => {
  it.each<[string, FilterGroups, string[]]>([
    ['no group reaches nobody', [], []],
    ['an empty group reaches nobody', [[]], []],
    ['Contains is case-insensitive text', [[f('name', 'Contains', 'lee')]], ['Ann Lee', 'Dan Lee']],
    ['DoesNotContain', [[f('name', 'DoesNotContain', 'LEE')]], ['Bob Stone', 'Cat Moss']],
    ['address text', [[f('address', 'Contains', 'leeds')]], ['Bob Stone']],
    ['tags', [[f('tags', 'Contains', 'VIP')]], ['Ann Lee']],
    ['notes', [[f('notes', 'Contains', 'conservatory')]], ['Dan Lee']],
    ['select Is', [[f('state', 'Is', 'inactive')]], ['Bob Stone']],
    ['select IsNot', [[f('state', 'IsNot', 'inactive')]], ['Ann Lee', 'Cat Moss', 'Dan Lee']],
    ['a multi-valued select', [[f('contactMethods', 'Is', 'sms')]], ['Cat Moss']],
    ['boolean y', [[f('marketingAccepted', 'Is', 'y')]], ['Ann Lee']],
    ['boolean n', [[f('marketingAccepted', 'Is', 'n')]], ['Bob Stone', 'Cat Moss', 'Dan Lee']],
    ['AND within a group', [[f('name', 'Contains', 'lee'), f('email', 'Contains', 'dan')]], ['Dan Lee']],
    [
      'OR across groups, each customer once, in order',
      [
        [f('source', 'Contains', 'directory')],
        [f('name', 'Contains', 'lee')],
        [f('name', 'Contains', 'ann')],
      ],
      ['Ann Lee', 'Cat Moss', 'Dan Lee'],
    ],
    [
      'an unknown field (the excluded additional field) matches nobody',
      [[f('additional', 'Contains', '')]],
      [],
    ],
  ])('%s', (_, groups, expected) => {
    expect(names(groups)).toEqual(expected);
  });
});

describe('filtersOptIn', () => {
  it('is true only when every group asks for marketing consent', () => {
    expect(filtersOptIn([[f('marketingAccepted', 'Is', 'y')]])).toBe(true);
    expect(filtersOptIn([[f('marketingAccepted', 'IsNot', 'n'), f('name', 'Contains', 'a')]])).toBe(true);
    expect(filtersOptIn([[f('marketingAccepted', 'Is', 'y')], [f('name', 'Contains', 'a')]])).toBe(false);
    expect(filtersOptIn([[f('marketingAccepted', 'Is', 'n')]])).toBe(false);
    expect(filtersOptIn([])).toBe(false);
  });
});

describe('who a campaign skips, and why', () => {
  it('gives each member not reached by a method its reason', () => {
    const base = {
      createdDate: '2026-01-01',
      contactMethods: [],
      address: { addressDescription: 'Leeds', isVerified: false },
    };
    const people = [
      { ...base, _id: 'a', name: 'A', email: 'a@x.com', mobileNumber: '', marketingAccepted: true },
      { ...base, _id: 'b', name: 'B', email: '', mobileNumber: '077', marketingAccepted: true },
      { ...base, _id: 'c', name: 'C', email: 'c@x.com', mobileNumber: '077', marketingAccepted: false },
      { ...base, _id: 'd', name: 'D', email: 'd@x.com', mobileNumber: '077', marketingAccepted: true },
      { ...base, _id: 'e', name: 'E', email: 'blocked@x.com', mobileNumber: '', marketingAccepted: true },
    ] as never[];
    const groups = [
      [{ id: 'f', field: 'address', label: '', operator: 'Contains' as const, value: 'leeds' }],
    ];
    const plan = recipientPlan(
      { audiences: ['x'], excludeList: ['d'], deliveryMethods: ['Email'] },
      [{ _id: 'x', filterGroups: groups }],
      people,
      { blocklisted: (a) => a === 'blocked@x.com', marketingOnly: true },
    );
    expect(plan.reach.map((r) => r.customer._id)).toEqual(['a']);
    expect(plan.skipped.map((s) => [s.customerId, s.reason])).toEqual([
      ['b', 'no-email'],
      ['c', 'no-consent'],
      ['d', 'excluded'],
      ['e', 'blocklisted'],
    ]);
  });

  it("filters by the rounds the customers' booked jobs are on", () => {
    const people = ['a', 'b', 'c'].map((id) => ({ _id: id, name: id })) as never[];
    const rounds = customerRounds(
      [
        { customerId: 'a', rounds: ['r1'] },
        { customerId: 'b', rounds: ['r2'] },
        { customerId: 'c', rounds: ['r1'], quoteId: 'q' },
      ],
      [
        { _id: 'r1', description: 'North Monday' },
        { _id: 'r2', description: 'South' },
      ],
    );
    const groups = [[{ id: 'f', field: 'round', label: '', operator: 'Contains' as const, value: 'north' }]];
    expect(audienceContacts(groups, people, { rounds }).map((c) => c._id)).toEqual(['a']);
    expect(audienceContacts(groups, people).map((c) => c._id)).toEqual([]);
  });
});
