import { type Customers, type Jobs, Portal, Quotes, Visits } from '@roundwise/core';
import { EntityRepository, PortalCounters, type PortalHour } from '@roundwise/db';
import type { Deps } from '../context.ts';

/** A lead as the 'All Leads' table shows it. */
export interface AnalyticsLead {
  _id: string;
  createdDate: string;
  ref: string;
  name: string;
  email: string;
  telephoneNumber: string;
  status: Portal.LeadStatus;
}

/** A tile's figure this period, the one before, and the change in percent (null: N/A). */
export interface Tile {
  value: number;
  previous: number;
  change: number | null;
}

/**
 * Up to this many leads (a busy portal's 30 days) are looked up one by one: their quotes and jobs
 * by the customer index, their jobs' visits by the job index, all at once, so the cost follows the
 * period's leads. More are read as projections of the account's quotes, jobs and visits: one
 * query of each whatever the number of leads.
 */
const LOOKUP_MAX = 600;

const CUSTOMER_FIELDS = [
  'name',
  'email',
  'telephoneNumber',
  'createdDate',
  'createdOnPortal',
  'source',
  'state',
  '_externalId',
] as const;
type LeadCustomer = Pick<Customers.Customer, '_id' | (typeof CUSTOMER_FIELDS)[number]>;
type QuoteFacts = Pick<Quotes.Quote, 'customerId' | 'state' | 'expiry' | 'quoteNumber' | 'createdDate'>;
type JobFacts = Pick<Jobs.Job, '_id' | 'customerId' | 'quoteId'>;
type VisitFacts = Pick<Visits.VisitRecord, 'jobId' | 'customerId' | 'status'>;

/**
 * The portal's analytics for one period (spec 002 section 2.5 panel 3): page views from the
 * hourly counters (never a list of views), leads (customers the spec's lead rule counts) made in
 * the period and the one before, each lead's status by core's priority, the tiles with their
 * change, the chart's bars and the period's leads, newest first.
 */
export async function portalAnalytics(deps: Deps, accountId: string, period: Portal.AnalyticsPeriod) {
  const repo = new EntityRepository(deps.db, accountId);
  const now = deps.now();
  const settings = Quotes.settingsOrDefault(
    await repo.get<Quotes.QuoteSettings>('quoteSettings', Quotes.SETTINGS_ID),
  );
  const { timeZone } = settings;
  const range = Portal.periodRange(period, now, timeZone);
  const iso = (t: number) => new Date(t).toISOString();
  const [hours, leads] = await Promise.all([
    new PortalCounters(deps.db).hours(accountId, new Date(range.previousFrom), new Date(range.to - 1)),
    repo.listLeads(iso(range.previousFrom), iso(range.to), CUSTOMER_FIELDS) as Promise<LeadCustomer[]>,
  ]);
  const facts = await leadRecords(repo, leads);
  const withStatus = leads.map((c) => ({
    customer: c,
    at: Date.parse(c.createdDate),
    status: Portal.leadStatus(facts.of(c._id), now, timeZone),
  }));

  const buckets = Portal.chartBuckets(range, timeZone);
  const chart = buckets.map((b) => ({ label: b.label, pageViews: 0, leads: 0, conversions: 0 }));
  const views = { current: 0, previous: 0 };
  for (const h of hours) add(h, range, buckets, chart, views);
  const current = withStatus.filter((l) => l.at >= range.from);
  const previous = withStatus.filter((l) => l.at < range.from);
  for (const l of current) {
    const bar = chart[Portal.bucketIndex(buckets, l.at)];
    if (!bar) continue;
    bar.leads += 1;
    if (won(l.status)) bar.conversions += 1;
  }
  const tile = (value: number, before: number): Tile => ({
    value,
    previous: before,
    change: Portal.percentChange(value, before),
  });
  const conversions = (list: typeof current) => list.filter((l) => won(l.status)).length;
  const rate = (list: typeof current) => Portal.conversionRate(list.map((l) => l.status));
  return {
    period,
    from: iso(range.from),
    to: iso(range.to),
    timeZone,
    grouping: Portal.groupingFor(range.to - range.from),
    tiles: {
      pageViews: tile(views.current, views.previous),
      leads: tile(current.length, previous.length),
      conversions: tile(conversions(current), conversions(previous)),
      conversionRate: tile(rate(current), rate(previous)),
    },
    chart,
    leads: current
      .sort((a, b) => b.at - a.at)
      .map(
        ({ customer: c, status }): AnalyticsLead => ({
          _id: c._id,
          createdDate: c.createdDate,
          ref: facts.ref(c._id) || c._externalId || '',
          name: c.name,
          email: c.email ?? '',
          telephoneNumber: c.telephoneNumber ?? '',
          status,
        }),
      ),
  };
}

const won = (s: Portal.LeadStatus) => s === 'converted' || s === 'active';

/** An hour's page views into its period's total and its bar (the counters' hours are UTC). */
function add(
  h: PortalHour,
  range: Portal.PeriodRange,
  buckets: Portal.Bucket[],
  chart: { pageViews: number }[],
  views: { current: number; previous: number },
) {
  const n = h.counts[Portal.PAGE_VIEW] ?? 0;
  if (!n) return;
  const at = Date.parse(`${h.hour}:00:00Z`);
  if (at < range.from) views.previous += n;
  else if (at < range.to) {
    views.current += n;
    const bar = chart[Portal.bucketIndex(buckets, at)];
    if (bar) bar.pageViews += n;
  }
}

/** The records a lead's status is worked out from, and its reference (its newest quote's number). */
async function leadRecords(repo: EntityRepository, leads: readonly LeadCustomer[]) {
  const ids = new Set(leads.map((l) => l._id));
  let quotes: QuoteFacts[];
  let jobs: JobFacts[];
  let visits: VisitFacts[];
  if (leads.length <= LOOKUP_MAX) {
    const per = await Promise.all(
      leads.map((l) =>
        Promise.all([repo.listBy<QuoteFacts>('quote', l._id), repo.listBy<JobFacts>('job', l._id)]),
      ),
    );
    quotes = per.flatMap(([q]) => q);
    jobs = per.flatMap(([, j]) => j).filter(Visits.isBooked);
    visits = (await Promise.all(jobs.map((j) => repo.listBy<VisitFacts>('visit', j._id)))).flat();
  } else {
    const [q, j, v] = await Promise.all([
      repo.listFields('quote', ['customerId', 'state', 'expiry', 'quoteNumber', 'createdDate']),
      repo.listFields('job', ['customerId', 'quoteId']),
      repo.listFields('visit', ['jobId', 'customerId', 'status']),
    ]);
    quotes = (q as QuoteFacts[]).filter((x) => ids.has(x.customerId));
    jobs = (j as JobFacts[]).filter((x) => ids.has(x.customerId) && Visits.isBooked(x));
    visits = (v as VisitFacts[]).filter((x) => ids.has(x.customerId));
  }
  const booked = new Set(jobs.map((j) => j._id));
  const by = <T extends { customerId: string }>(list: T[]) => {
    const map = new Map<string, T[]>();
    for (const x of list) {
      const own = map.get(x.customerId);
      if (own) own.push(x);
      else map.set(x.customerId, [x]);
    }
    return map;
  };
  const quotesOf = by(quotes);
  const jobsOf = by(jobs);
  const visitsOf = by(visits.filter((v) => booked.has(v.jobId)));
  const customers = new Map(leads.map((l) => [l._id, l]));
  return {
    of(id: string): Portal.LeadFacts {
      const own = visitsOf.get(id) ?? [];
      const done = own.filter((v) => v.status === Visits.VisitStatus.Done);
      return {
        state: customers.get(id)?.state ?? 'active',
        jobs: jobsOf.get(id)?.length ?? 0,
        visits: own.length,
        doneVisits: done.length,
        completedJobs: new Set(done.map((v) => v.jobId)).size,
        quotes: quotesOf.get(id) ?? [],
      };
    },
    ref(id: string): string {
      const newest = [...(quotesOf.get(id) ?? [])].sort((a, b) =>
        b.createdDate.localeCompare(a.createdDate),
      )[0];
      return newest?.quoteNumber ?? '';
    },
  };
}

export type PortalAnalytics = Awaited<ReturnType<typeof portalAnalytics>>;
