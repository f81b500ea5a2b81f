import type { Customers, Jobs } from '@roundwise/core';

/**
 * The customers list's search, filters and sort, built to answer a keystroke over 20,000
 * customers in a few milliseconds (budget `customers.search_20k_ms`): every customer's
 * searchable text is lowercased once into a haystack, the three sort orders are computed once per
 * data change, and a query is a single pass of `includes` over the chosen order.
 */

type Customer = Customers.Customer;
type Job = Pick<Jobs.Job, 'customerId' | 'rounds'>;

export type CustomerSort = 'name' | 'postcode' | 'created';
export type StateFilter = 'all' | Customers.Customer['state'];

export interface CustomerRow {
  customer: Customer;
  /** name, address (postcode included), email and phones, lowercased; phones also without spaces. */
  haystack: string;
  postcode: string;
  /** The rounds of the customer's jobs (a job's round is its first `rounds` entry). */
  roundIds: readonly string[];
}

export interface CustomerIndex {
  rows: Record<CustomerSort, readonly CustomerRow[]>;
  total: number;
}

/** A UK postcode at the end of the address ("CB4 1AB"), else the address's last comma part. */
const POSTCODE = /([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})\s*$/i;
export function postcodeOf(address: string): string {
  const m = address.trim().match(POSTCODE);
  if (m?.[1]) return m[1].toUpperCase();
  return '';
}

export function haystackOf(c: Customer): string {
  const phones = [c.telephoneNumber, c.mobileNumber].filter(Boolean);
  return [
    c.name,
    c.address?.addressDescription ?? '',
    c.email,
    ...phones,
    ...phones.map((p) => p.replace(/\s+/g, '')),
  ]
    .join('\u0001')
    .toLowerCase();
}

const collator = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });

export function buildCustomerIndex(customers: readonly Customer[], jobs: readonly Job[]): CustomerIndex {
  const roundsByCustomer = new Map<string, string[]>();
  for (const job of jobs) {
    const round = job.rounds[0];
    if (!round) continue;
    const list = roundsByCustomer.get(job.customerId);
    if (!list) roundsByCustomer.set(job.customerId, [round]);
    else if (!list.includes(round)) list.push(round);
  }
  const rows: CustomerRow[] = customers.map((customer) => ({
    customer,
    haystack: haystackOf(customer),
    postcode: postcodeOf(customer.address?.addressDescription ?? ''),
    roundIds: roundsByCustomer.get(customer._id) ?? [],
  }));
  const byName = [...rows].sort((a, b) => collator.compare(a.customer.name, b.customer.name));
  // Customers with no postcode go last; ties by name (byName is already name-ordered, sort is stable).
  const byPostcode = [...byName].sort((a, b) =>
    a.postcode === b.postcode
      ? 0
      : !a.postcode
        ? 1
        : !b.postcode
          ? -1
          : collator.compare(a.postcode, b.postcode),
  );
  // Newest first: what a user who just added someone looks for.
  const byCreated = [...rows].sort((a, b) => b.customer.createdDate.localeCompare(a.customer.createdDate));
  return { rows: { name: byName, postcode: byPostcode, created: byCreated }, total: rows.length };
}

export interface CustomerQuery {
  text: string;
  state: StateFilter;
  /** '' for every round, `none` for customers with no round. */
  roundId: string;
  sort: CustomerSort;
}

export const NO_ROUND = 'none';

/** Every word of the text must appear somewhere in the customer's haystack. */
export function queryCustomers(index: CustomerIndex, q: CustomerQuery): CustomerRow[] {
  const words = q.text.toLowerCase().split(/\s+/).filter(Boolean);
  const out: CustomerRow[] = [];
  for (const row of index.rows[q.sort]) {
    if (q.state !== 'all' && row.customer.state !== q.state) continue;
    if (q.roundId === NO_ROUND ? row.roundIds.length > 0 : q.roundId && !row.roundIds.includes(q.roundId))
      continue;
    let hit = true;
    for (const w of words) {
      if (!row.haystack.includes(w)) {
        hit = false;
        break;
      }
    }
    if (hit) out.push(row);
  }
  return out;
}
