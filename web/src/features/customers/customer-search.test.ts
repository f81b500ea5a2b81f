import type { Customers } from '@roundwise/core';
import { describe, expect, it } from 'vitest';
import { buildCustomerIndex, NO_ROUND, postcodeOf, queryCustomers } from './customer-search';

const customer = (over: Partial<Customers.Customer> & { _id: string; name: string }): Customers.Customer => ({
  address: { addressDescription: '', isVerified: false },
  email: '',
  telephoneNumber: '',
  mobileNumber: '',
  contactMethods: [],
  marketingAccepted: false,
  notes: '',
  tags: [],
  source: '',
  state: 'active',
  hideDirectDebitSignup: false,
  hideCardProvider: false,
  createdDate: '2026-01-01T00:00:00.000Z',
  createdOnPortal: false,
  ...over,
});

const people = [
  customer({
    _id: 'c1',
    name: 'Willow Baker',
    address: { addressDescription: '4 Mill Road, Romsey, Cambridge CB1 2AD', isVerified: true },
    email: 'willow@example.com',
    mobileNumber: '07700 900123',
    createdDate: '2026-03-01T00:00:00.000Z',
  }),
  customer({
    _id: 'c2',
    name: 'adam Ash',
    address: { addressDescription: '9 High Street, Arbury, Cambridge CB4 1AB', isVerified: true },
    telephoneNumber: '01632 960555',
    state: 'inactive',
    createdDate: '2026-05-01T00:00:00.000Z',
  }),
  customer({ _id: 'c3', name: 'Zed Cole', createdDate: '2026-04-01T00:00:00.000Z' }),
];
const jobs = [
  { customerId: 'c1', rounds: ['r1', 'r2'] },
  { customerId: 'c2', rounds: ['r2'] },
];
const index = buildCustomerIndex(people, jobs);
const ids = (text: string, over: Partial<Parameters<typeof queryCustomers>[1]> = {}) =>
  queryCustomers(index, { text, state: 'all', roundId: '', sort: 'name', ...over }).map(
    (r) => r.customer._id,
  );

describe('customers list search (name, address, postcode, email, phone)', () => {
  it('finds by name, address, postcode, email and phone, ignoring case', () => {
    expect(ids('WILLOW')).toEqual(['c1']);
    expect(ids('high street')).toEqual(['c2']);
    expect(ids('cb4 1ab')).toEqual(['c2']);
    expect(ids('willow@example')).toEqual(['c1']);
    expect(ids('07700 900123')).toEqual(['c1']);
    expect(ids('07700900123')).toEqual(['c1']);
    expect(ids('01632960555')).toEqual(['c2']);
  });

  it('needs every word to match, in any field', () => {
    expect(ids('cambridge romsey')).toEqual(['c1']);
    expect(ids('cambridge nowhere')).toEqual([]);
  });

  it('filters by state and by the round of the customer’s jobs (the first entry of rounds)', () => {
    expect(ids('', { state: 'inactive' })).toEqual(['c2']);
    expect(ids('', { state: 'active' })).toEqual(['c1', 'c3']);
    expect(ids('', { roundId: 'r2' })).toEqual(['c2']);
    expect(ids('', { roundId: 'r1' })).toEqual(['c1']);
    expect(ids('', { roundId: NO_ROUND })).toEqual(['c3']);
  });

  it('sorts by name (case-insensitive), postcode (none last) or newest first', () => {
    expect(ids('')).toEqual(['c2', 'c1', 'c3']);
    expect(ids('', { sort: 'postcode' })).toEqual(['c1', 'c2', 'c3']);
    expect(ids('', { sort: 'created' })).toEqual(['c2', 'c3', 'c1']);
  });

  it('reads a UK postcode at the end of an address', () => {
    expect(postcodeOf('1 A Road, Cambridge cb4 1ab')).toBe('CB4 1AB');
    expect(postcodeOf('1 A Road, Cambridge')).toBe('');
  });
});
