import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import type { CommandContext } from '../commands/define.ts';
import { defineCommand } from '../commands/define.ts';
import { userToday } from '../commands/today.ts';
import { Id, IsoDate } from '../entity.ts';
import { AppError, notFound, validation } from '../errors.ts';
import type { Job } from '../jobs/schema.ts';
import { type VisitRecord, VisitStatus } from '../visits/record.ts';
import { affectedJobs, jobFiltersValid } from './affected-jobs.ts';
import { newPrice } from './arithmetic.ts';
import { keepOldPrice, visitReader } from './notice.ts';
import { addWorkingDays, BACS_NOTICE_WORKING_DAYS, later, paysByDirectDebit } from './preview.ts';
import { readAffectedData } from './read.ts';
import { type JobPriceChange, type PriceChange, PriceChangeFields } from './schema.ts';

/** Owner and Admin with the account's pricing feature (spec 000 section 2.3, `pricing/*`). */
const access = routeByName('pricing');

/** The effect that applies a change on its planned date (functions/src/pricing). */
export const APPLY_SCHEDULED = 'pricing.apply-scheduled';

/**
 * The most jobs one change reaches: its `result.changes` is kept on the change, one table item
 * (DynamoDB's 400 KB), at about 60 bytes a job. A business with more changes them in parts (by round).
 */
export const MAX_JOBS = 4000;

async function load(ctx: CommandContext, id: string): Promise<PriceChange> {
  const change = await ctx.store.get<PriceChange>('price-change', id);
  if (!change) throw notFound('price-change.not-found', { id });
  return change;
}

function checkFilter(fields: PriceChangeFields) {
  if (!jobFiltersValid(fields.affectedJobFilter)) throw validation('price-change.invalid-filter');
}

export const createPriceChange = defineCommand({
  name: 'pricing.create',
  input: PriceChangeFields.extend({ _id: Id.optional() }),
  access,
  async run(ctx, { _id, ...fields }) {
    checkFilter(fields);
    return ctx.store.put<PriceChange>('price-change', {
      ...fields,
      _id: _id ?? ctx.newId(),
      notified: false,
      createdBy: ctx.actor.email || ctx.actor.userId,
      createdDate: ctx.now.toISOString(),
    });
  },
});

/** Edit is disabled once a result exists (spec 002 section 4), and while an Apply is scheduled. */
function assertEditable(change: PriceChange) {
  if (change.result) throw validation('price-change.has-result');
  if (change.scheduledFor !== undefined) throw validation('price-change.scheduled');
}

export const updatePriceChange = defineCommand({
  name: 'pricing.update',
  input: PriceChangeFields.extend({ _id: Id }),
  access,
  async run(ctx, { _id, ...fields }) {
    const change = await load(ctx, _id);
    assertEditable(change);
    checkFilter(fields);
    return ctx.store.put<PriceChange>('price-change', { ...change, ...fields });
  },
});

export const removePriceChange = defineCommand({
  name: 'pricing.remove',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    const change = await load(ctx, _id);
    assertEditable(change);
    await ctx.store.remove('price-change', _id);
    return { removed: _id };
  },
});

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Applies a change (spec 002 sections 2.6 and 4): only with an affected-jobs filter and no result.
 * A planned date later than now schedules it instead (`scheduledFor`, cancellable; the server's
 * `pricing.apply-scheduled` effect runs it then with `due`). Each job takes its new price and its
 * stored not-done visits that had the old one follow (done visits and their invoices never
 * change); `result.changes` lists job, old and new price.
 *
 * Bacs: a direct-debit customer must be told of a new amount three working days before it is
 * collected, and collections follow visits; so a direct-debit customer's visits due before that
 * notice has run (counted from the notification, or from now if none was sent) keep the old
 * price, as visit records of their own.
 *
 * Thousands of jobs do not fit one transaction: the server writes them in parts under the
 * command's claim (docs/architecture.md, "Too large for one transaction"), the change itself last.
 * Each job remembers this change (`lastPriceChange`), so a run taken over after a crash changes
 * every job once: a job already carrying it keeps its price and is listed with the prices it
 * recorded.
 */
export const applyPriceChange = defineCommand({
  name: 'pricing.apply',
  input: z.object({
    _id: Id,
    today: IsoDate.optional(),
    /** The scheduled run's moment (`scheduledFor`); a cancelled or moved schedule no longer matches it. */
    due: z.number().optional(),
  }),
  access,
  async run(ctx, input) {
    const change = await load(ctx, input._id);
    if (input.due !== undefined && (change.scheduledFor !== input.due || change.result)) {
      return { applied: false, cancelled: true, scheduledFor: undefined, changes: 0 };
    }
    if (change.result) throw validation('price-change.already-applied');
    if (change.affectedJobFilter.every((g) => g.length === 0))
      throw validation('price-change.no-filters-applied');
    if (input.due === undefined && change.plannedDate > ctx.now.getTime()) {
      if (change.scheduledFor === change.plannedDate) return scheduled(change);
      const saved = await ctx.store.put<PriceChange>('price-change', {
        ...change,
        scheduledFor: change.plannedDate,
      });
      ctx.emit({
        type: APPLY_SCHEDULED,
        payload: { accountId: ctx.actor.accountId, changeId: change._id, due: change.plannedDate },
        dueAt: new Date(change.plannedDate).toISOString(),
      });
      return scheduled(saved);
    }
    // The device stops here: which jobs change is the server's to say over the whole table.
    if (!ctx.authoritative) return { applied: false, cancelled: false, scheduledFor: undefined, changes: 0 };
    const today = input.due !== undefined ? dayOf(input.due) : userToday(ctx, input.today);
    try {
      const changes = await applyToJobs(ctx, change, today);
      const { scheduledFor: _, ...rest } = change;
      await ctx.store.put<PriceChange>('price-change', {
        ...rest,
        result: { success: true, changes, appliedAt: ctx.now.toISOString() },
      });
      return { applied: true, cancelled: false, scheduledFor: undefined, changes: changes.length };
    } catch (error) {
      // A scheduled run has nobody to answer: its refusal is the change's error result (listed).
      if (input.due === undefined || !(error instanceof AppError) || error.kind !== 'validation') throw error;
      const { scheduledFor: _, ...rest } = change;
      await ctx.store.put<PriceChange>('price-change', {
        ...rest,
        result: { success: false, error: error.code, changes: [], appliedAt: ctx.now.toISOString() },
      });
      return { applied: false, cancelled: false, scheduledFor: undefined, changes: 0 };
    }
  },
});

const scheduled = (c: PriceChange) => ({
  applied: false,
  cancelled: false,
  scheduledFor: c.scheduledFor,
  changes: 0,
});

async function applyToJobs(
  ctx: CommandContext,
  change: PriceChange,
  today: string,
): Promise<JobPriceChange[]> {
  const data = await readAffectedData(ctx);
  const matched = new Set(affectedJobs(change.affectedJobFilter, data).map((r) => r.job._id));
  // A job this change already reached (an earlier run's part) is listed whatever its price now.
  // A job edited since (another price) is not this run's: it is priced again from what it is now.
  const mine = (j: Job) =>
    j.lastPriceChange?.id === change._id &&
    !j.lastPriceChange.rolledBack &&
    j.price === j.lastPriceChange.newPrice;
  const jobs = data.jobs.filter((j) => matched.has(j._id) || mine(j));
  const customers = new Map(data.customers.map((c) => [c._id, c]));
  const noticeFrom = change.notifiedAt ? change.notifiedAt.slice(0, 10) : today;
  const noticeEnd = addWorkingDays(later(noticeFrom, today), BACS_NOTICE_WORKING_DAYS);
  const changes: JobPriceChange[] = [];
  const todo: { job: Job; price: number; pinUntil?: string }[] = [];
  for (const job of jobs) {
    if (mine(job)) {
      const done = job.lastPriceChange!;
      changes.push({ jobId: job._id, oldPrice: done.oldPrice, newPrice: done.newPrice });
      continue;
    }
    const price = newPrice(job.price, change.type);
    if (price === job.price) continue;
    const customer = customers.get(job.customerId);
    todo.push({ job, price, ...(customer && paysByDirectDebit(customer) ? { pinUntil: noticeEnd } : {}) });
    changes.push({ jobId: job._id, oldPrice: job.price, newPrice: price });
  }
  if (changes.length > MAX_JOBS) throw validation('price-change.too-many-jobs', { max: MAX_JOBS });
  const visitsOf = await visitReader(ctx, todo.length);
  for (let i = 0; i < todo.length; i += 50) {
    await Promise.all(
      todo.slice(i, i + 50).map(async (t) => changeJob(ctx, change._id, t, today, await visitsOf(t.job._id))),
    );
  }
  return changes;
}

async function changeJob(
  ctx: CommandContext,
  changeId: string,
  t: { job: Job; price: number; pinUntil?: string },
  today: string,
  records: readonly VisitRecord[],
) {
  const { job, price } = t;
  const old = job.price;
  // Direct debit inside the notice: the visits due before it has run stay at the old price.
  const pinned = t.pinUntil
    ? await keepOldPrice(ctx, job, { old, price }, { from: today, until: t.pinUntil }, records)
    : new Set<string>();
  for (const r of records) {
    if (r.status === VisitStatus.NotDone && r.price === old && !pinned.has(r._id))
      await ctx.store.put<VisitRecord>('visit', { ...r, price });
  }
  await ctx.store.put<Job>('job', {
    ...job,
    price,
    lastPriceChange: { id: changeId, oldPrice: old, newPrice: price },
  });
}

export const cancelSchedule = defineCommand({
  name: 'pricing.cancel-schedule',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    const change = await load(ctx, _id);
    if (change.scheduledFor === undefined) return change;
    const { scheduledFor: _, ...rest } = change;
    return ctx.store.put<PriceChange>('price-change', rest);
  },
});

/**
 * Rollback (spec 002 section 4), after success: the jobs whose price is still the new one go back
 * to the old (their not-done visits at the new price with them); a job edited since is left and
 * listed in `rollbackSkipped`. The result and the notified flag are cleared. Written in parts like
 * Apply; a job already rolled back by this change (an earlier part) is passed over.
 */
export const rollbackPriceChange = defineCommand({
  name: 'pricing.rollback',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    const change = await load(ctx, _id);
    if (!change.result?.success) throw validation('price-change.not-applied');
    if (!ctx.authoritative) return { restored: 0, skipped: [] as string[] };
    const skipped: string[] = [];
    let restored = 0;
    const list = change.result.changes;
    const visitsOf = await visitReader(ctx, list.length);
    for (let i = 0; i < list.length; i += 50) {
      const results = await Promise.all(
        list.slice(i, i + 50).map((c) => restore(ctx, change._id, c, visitsOf)),
      );
      for (const [k, r] of results.entries()) {
        if (r === 'skipped') skipped.push(list[i + k]!.jobId);
        if (r === 'restored') restored++;
      }
    }
    const { result: _, notifiedAt: __, ...rest } = change;
    await ctx.store.put<PriceChange>('price-change', { ...rest, notified: false, rollbackSkipped: skipped });
    return { restored, skipped };
  },
});

async function restore(
  ctx: CommandContext,
  changeId: string,
  c: JobPriceChange,
  visitsOf: (jobId: string) => Promise<VisitRecord[]>,
) {
  const job = await ctx.store.get<Job>('job', c.jobId);
  if (!job) return 'skipped';
  const mark = job.lastPriceChange;
  if (mark?.id === changeId && mark.rolledBack) return 'restored';
  if (job.price !== c.newPrice) return 'skipped';
  for (const r of await visitsOf(job._id)) {
    if (r.status === VisitStatus.NotDone && r.price === c.newPrice)
      await ctx.store.put<VisitRecord>('visit', { ...r, price: c.oldPrice });
  }
  await ctx.store.put<Job>('job', {
    ...job,
    price: c.oldPrice,
    lastPriceChange: { id: changeId, oldPrice: c.oldPrice, newPrice: c.newPrice, rolledBack: true },
  });
  return 'restored';
}

export { notifyPriceChange } from './notify.ts';
