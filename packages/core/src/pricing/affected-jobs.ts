import type { Customer } from '../customers/schema.ts';
import type { Job } from '../jobs/schema.ts';
import { AUDIENCE_FIELDS } from '../send/audience-fields.ts';
import { type FilterField, filtersValid, matchGroups } from '../send/filter-groups.ts';
import type { FilterGroups } from '../send/schema.ts';

/** What the affected-jobs filter reads of one job: the job, its customer, its rounds' and services' names. */
export interface JobRow {
  job: Job;
  customer: Customer;
  roundNames: string;
  serviceNames: string;
}

const FREQUENCY: Record<Job['frequencyType'], string> = {
  OneOff: 'one-off',
  Weeks: 'weeks',
  MonthsDayOfMonth: 'months',
  MonthsWeekdayOfMonth: 'months',
};

/**
 * The fields a price change picks its jobs by (spec 002 section 2.6): the job's round, service,
 * frequency and price, then every audience field of its customer (the audiences' own list, read
 * through the same engine, so both filter alike). The audiences' round field reads all the
 * customer's rounds; here the job's own rounds are meant, so it is left to the job field.
 */
export const JOB_FILTER_FIELDS: readonly FilterField<JobRow>[] = [
  { field: 'jobRound', label: 'Round', kind: 'text', read: (r) => r.roundNames },
  { field: 'jobService', label: 'Service', kind: 'text', read: (r) => r.serviceNames },
  {
    field: 'jobFrequency',
    label: 'Frequency',
    kind: 'select',
    options: ['weeks', 'months', 'one-off'],
    read: (r) => [FREQUENCY[r.job.frequencyType]],
  },
  { field: 'jobPrice', label: 'Price', kind: 'number', read: (r) => r.job.price },
  ...AUDIENCE_FIELDS.filter((f) => f.field !== 'round').map(
    (f): FilterField<JobRow> => ({ ...f, field: f.field, read: (r) => f.read(r.customer, {}) }),
  ),
];

export const jobFilterField = (name: string) => JOB_FILTER_FIELDS.find((f) => f.field === name);

export const jobFiltersValid = (groups: FilterGroups) => filtersValid(groups, jobFilterField);

export interface AffectedData {
  jobs: readonly Job[];
  customers: readonly Customer[];
  rounds: readonly { _id: string; description: string }[];
  services: readonly { _id: string; name: string }[];
}

/**
 * The jobs a change reaches: booked jobs (a quote's unbooked items are not on the round yet) whose
 * customer is known, matching the filter groups. Pure; ordered as `data.jobs`.
 */
export function affectedJobs(groups: FilterGroups, data: AffectedData): JobRow[] {
  const customers = new Map(data.customers.map((c) => [c._id, c]));
  const roundNames = new Map(data.rounds.map((r) => [r._id, r.description]));
  const serviceNames = new Map(data.services.map((s) => [s._id, s.name]));
  const rows: JobRow[] = [];
  for (const job of data.jobs) {
    const customer = customers.get(job.customerId);
    if (!customer || job.quoteId) continue;
    rows.push({
      job,
      customer,
      roundNames: job.rounds.map((id) => roundNames.get(id) ?? '').join('\n'),
      serviceNames: job.services.map((id) => serviceNames.get(id) ?? '').join('\n'),
    });
  }
  return matchGroups(groups, rows, jobFilterField);
}
