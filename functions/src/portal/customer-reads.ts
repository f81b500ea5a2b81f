import { type Jobs, Payments, Quotes, Schedule, type Services, Visits } from '@roundwise/core';
import type { Deps } from '../context.ts';
import { linkKeyOf, linksOf } from '../payments/links/link-keys.ts';
import { type QuoteDocument, quoteDocument } from '../quotes/document.ts';
import type { PortalCaller } from './session.ts';

/**
 * What a signed-in customer reads on the portal: only their own records of the portal's account
 * (everything here starts from the session's customer, never from an id the caller gives).
 */

/** The business's today and time zone (the quote settings' zone: where its days begin). */
async function businessDay(s: Deps, caller: PortalCaller) {
  const settings = Quotes.settingsOrDefault(
    await caller.found.repo.get<Quotes.QuoteSettings>('quoteSettings', Quotes.SETTINGS_ID),
  );
  return { today: Schedule.todayIn(settings.timeZone, s.now()), timeZone: settings.timeZone };
}

/** The customer's booked jobs and their visit records. */
async function jobsOf(caller: PortalCaller) {
  const { repo } = caller.found;
  const [listed, services] = await Promise.all([
    repo.listBy<Jobs.Job>('job', caller.customer._id),
    repo.listFields('service', ['name']) as Promise<Pick<Services.Service, '_id' | 'name'>[]>,
  ]);
  const jobs = listed.filter(Visits.isBooked);
  const records = (
    await Promise.all(jobs.map((j) => repo.listBy<Visits.VisitRecord>('visit', j._id)))
  ).flat();
  const names = new Map(services.map((sv) => [sv._id, sv.name]));
  return { jobs, records, names };
}

/** A visit as the customer sees it: when, what, its state; never who does it or the round's order. */
function shown(
  visit: Visits.Visit,
  { jobs, names }: { jobs: readonly Jobs.Job[]; names: Map<string, string> },
) {
  const job = jobs.find((j) => j._id === visit.jobId);
  return {
    jobId: visit.jobId,
    isoDueDate: visit.isoDueDate,
    date: visit.isoPlannedDate,
    services: (job?.services ?? []).map((id) => names.get(id) ?? ''),
    address: job?.location?.addressDescription ?? '',
    price: visit.price,
    status: (['not-done', 'done', 'skipped'] as const)[visit.status],
    ...(visit.completedDate ? { completedDate: visit.completedDate } : {}),
  };
}
export type PortalVisit = ReturnType<typeof shown>;

/** The next visits from today, a year ahead at most, not done; `limit` 0 shows them all. */
export async function upcomingVisits(s: Deps, caller: PortalCaller, limit: number) {
  const [{ today }, loaded] = await Promise.all([businessDay(s, caller), jobsOf(caller)]);
  const { jobs, records } = loaded;
  const to = Schedule.addDays(today, 365);
  const visits = Visits.visitsBetween({ jobs, visitRecords: records, from: today, to }).filter(
    (v) => v.status === Visits.VisitStatus.NotDone,
  );
  return (limit > 0 ? visits.slice(0, limit) : visits).map((v) => shown(v, loaded));
}

/** Today's visits, and whether the business lets the customer cancel them here. */
export async function todaysVisits(s: Deps, caller: PortalCaller) {
  const [{ today }, loaded] = await Promise.all([businessDay(s, caller), jobsOf(caller)]);
  const { jobs, records } = loaded;
  const visits = Visits.visitsBetween({ jobs, visitRecords: records, from: today, to: today });
  return {
    today,
    visits: visits.map((v) => shown(v, loaded)),
    canCancel: caller.found.settings['todays-appointment'].allowAppointmentCancellation,
  };
}

/** The past year's visits, newest first; with their files when the business allows it. */
export async function visitHistory(s: Deps, caller: PortalCaller) {
  const [{ today }, loaded] = await Promise.all([businessDay(s, caller), jobsOf(caller)]);
  const { jobs, records } = loaded;
  const yesterday = Schedule.addDays(today, -1);
  const visits = Visits.visitsBetween({
    jobs,
    visitRecords: records,
    from: Schedule.addDays(today, -365),
    to: yesterday,
  })
    .filter((v) => v.stored)
    .reverse();
  const withFiles = caller.found.settings['appointment-history'].viewAttachments;
  const files = withFiles
    ? await filesOf(caller, [...jobs.map((j) => j._id), ...records.map((r) => r._id)])
    : [];
  return { visits: visits.map((v) => shown(v, loaded)), attachments: files };
}

/** The files the business attached to any of `ids` (the customer's jobs and visits). */
async function filesOf(caller: PortalCaller, ids: readonly string[]) {
  const wanted = new Set(ids);
  const rows = (await caller.found.repo.listFields('attachment', ['name', 'related', 'contentType'])) as {
    _id: string;
    name: string;
    related?: string[];
    contentType?: string;
  }[];
  return rows
    .filter((a) => a.related?.some((r) => wanted.has(r)))
    .map((a) => ({ id: a._id, name: a.name, related: (a.related ?? []).filter((r) => wanted.has(r)) }));
}

/** The customer's quotes, newest first (a quote not yet numbered by the server is not shown). */
export async function quotesOf(caller: PortalCaller) {
  const quotes = await caller.found.repo.listBy<Quotes.Quote>('quote', caller.customer._id);
  return quotes
    .filter((q) => q.quoteNumber)
    .sort((a, b) => (a.date < b.date ? 1 : -1))
    .map((q) => ({
      id: q._id,
      quoteNumber: q.quoteNumber ?? '',
      name: q.name,
      state: q.state,
      date: q.date,
      expiry: q.expiry,
      total: q.total,
      currency: q.currency,
    }));
}

/** One of the customer's own quotes: the document they accept, or undefined when it is not theirs. */
export async function quoteOf(caller: PortalCaller, id: string) {
  const quote = await caller.found.repo.get<Quotes.Quote>('quote', id);
  if (!quote || quote.customerId !== caller.customer._id || !quote.quoteNumber) return undefined;
  // An accepted quote shows the document the customer accepted, as `quoteDocument` froze it.
  const frozen = quote.acceptance?.document as QuoteDocument | undefined;
  const doc = frozen ?? quoteDocument(quote, caller.found.account, caller.customer.name);
  return {
    id: quote._id,
    state: quote.state,
    ...(quote.declineReason ? { declineReason: quote.declineReason } : {}),
    document: doc,
  };
}

/** The customer's ledger, newest first, and what they owe. */
export async function financialHistory(caller: PortalCaller) {
  const transactions = await caller.found.repo.listBy<Payments.Transaction>(
    'transaction',
    caller.customer._id,
  );
  return {
    balance: Payments.customerBalance(transactions),
    transactions: transactions
      .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a._id < b._id ? 1 : -1))
      .map((t) => ({
        id: t._id,
        date: t.date,
        type: t.transactionType,
        description: t.description ?? '',
        amount: t.amount,
        status: t.status ?? 'paid',
        ...(t.invoiceNumber ? { invoiceNumber: t.invoiceNumber } : {}),
      })),
  };
}

/**
 * How the customer pays: direct debit and card through their existing payment links (`/go/p`,
 * `/go/a`), whether a mandate is on file, and the business's prepayment options.
 */
export async function paymentOptions(s: Deps, caller: PortalCaller) {
  const { customer, found } = caller;
  const connected = found.account.settings.paymentConnections ?? {};
  const offered: Payments.ProviderKind[] = [];
  if (connected['direct-debit'] && !customer.hideDirectDebitSignup) offered.push('direct-debit');
  if (connected.card && !customer.hideCardProvider) offered.push('card');
  const links = linksOf(s, await linkKeyOf(s, found.accountId, customer._id));
  const meta = customer.paymentProviderMetaData;
  return {
    offered,
    links: { directDebit: links.signUp, account: links.account, card: links.card },
    automaticPayment: meta?.sourceOrMandateId
      ? { method: customer.automaticPaymentMethod ?? '', status: meta.status ?? 'pending' }
      : null,
    prepayOptions: found.directory.config.prepayOptions,
  };
}

/** The customer's own details, as the profile widget shows them. */
export function profileOf(caller: PortalCaller) {
  const { customer, found } = caller;
  return {
    id: customer._id,
    name: customer.name,
    email: customer.email,
    telephoneNumber: customer.telephoneNumber,
    mobileNumber: customer.mobileNumber,
    address: customer.address.addressDescription,
    canEditBillingAddress: !found.settings['edit-profile-button'].disableBillingAddressChanges,
    showEditProfileButton: found.settings.profile.showEditProfileButton,
  };
}
