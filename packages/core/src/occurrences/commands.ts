import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import { defineCommand } from '../commands/define.ts';
import { Id, IsoDate, Price } from '../entity.ts';
import { validation } from '../errors.ts';
import type { ScheduleItem } from '../schedule/items.ts';
import { RequiredText } from '../text.ts';
import { ensureInvoice, voidInvoices } from './invoice.ts';
import { OccurrenceStatus } from './schema.ts';
import { assertMayActOn, loadVisit, occurrenceOf, PLANNER_ROLES, saveVisit, VisitRef } from './visit.ts';

/**
 * The schedule's actions (issue 4). Each is a command, so the web runs it optimistically on its
 * local cache offline. Planning (reprice, move, reorder, assign) is for the `schedule` route's
 * roles: Owner, Admin, Planner. Doing the work (complete, skip, undo, notes) is also open to a
 * Worker, on visits assigned to them only ("my work"), checked in `assertMayActOn`. Each answers
 * `{ item }`, the visit as it now is (plus `invoiceId`, `voided` or, for reorder, `{ items, written }`).
 */
const planner = routeByName('schedule');
const worker = { minLevel: 'Core', roles: [...PLANNER_ROLES, 'Worker'] } as const;

/** Marks a visit done and invoices its price to the customer; completing twice changes nothing. */
export const completeVisit = defineCommand({
  name: 'occurrences.complete',
  input: VisitRef,
  access: worker,
  async run(ctx, ref) {
    const v = await loadVisit(ctx, ref);
    assertMayActOn(ctx.actor, v.item);
    const occ =
      v.stored?.status === OccurrenceStatus.Done
        ? occurrenceOf(v, {})
        : occurrenceOf(v, { status: 1, completedDate: ctx.now.toISOString(), skipReason: undefined });
    const item = v.stored?.status === OccurrenceStatus.Done ? v.item : await saveVisit(ctx, v, occ);
    const invoice = await ensureInvoice(ctx, occ, v.job);
    return { item, invoiceId: invoice._id };
  },
});

export const skipVisit = defineCommand({
  name: 'occurrences.skip',
  input: VisitRef.extend({ reason: RequiredText('schedule.enter-skip-reason', 500) }),
  access: worker,
  async run(ctx, { reason, ...ref }) {
    const v = await loadVisit(ctx, ref);
    assertMayActOn(ctx.actor, v.item);
    // A done visit has an invoice: undo it first, so cancelling the invoice is a visible step.
    if (v.item.status === OccurrenceStatus.Done) throw validation('schedule.undo-before-skipping');
    return { item: await saveVisit(ctx, v, occurrenceOf(v, { status: 2, skipReason: reason })) };
  },
});

/** Back to not done: clears the completion or skip; a completion's invoice is cancelled (voided). */
export const undoVisit = defineCommand({
  name: 'occurrences.undo',
  input: VisitRef,
  access: worker,
  async run(ctx, ref) {
    const v = await loadVisit(ctx, ref);
    assertMayActOn(ctx.actor, v.item);
    if (v.item.status === OccurrenceStatus.NotDone) return { item: v.item, voided: 0 };
    const occ = occurrenceOf(v, { status: 0, completedDate: undefined, skipReason: undefined });
    const voided = await voidInvoices(ctx, occ);
    return { item: await saveVisit(ctx, v, occ), voided };
  },
});

/** A visit's own price. On a done visit the invoice is re-issued at the new price. */
export const repriceVisit = defineCommand({
  name: 'occurrences.reprice',
  input: VisitRef.extend({ price: Price }),
  access: planner,
  async run(ctx, { price, ...ref }) {
    const v = await loadVisit(ctx, ref);
    if (v.item.price === price) return { item: v.item };
    const occ = occurrenceOf(v, { price });
    const item = await saveVisit(ctx, v, occ);
    if (occ.status === OccurrenceStatus.Done) {
      await voidInvoices(ctx, occ);
      await ensureInvoice(ctx, occ, v.job);
    }
    return { item };
  },
});

/** Plans a visit on another day (its due date stays: it is the same visit, moved). */
export const moveVisit = defineCommand({
  name: 'occurrences.move',
  input: VisitRef.extend({ isoPlannedDate: IsoDate }),
  access: planner,
  async run(ctx, { isoPlannedDate, ...ref }) {
    const v = await loadVisit(ctx, ref);
    if (v.item.status === OccurrenceStatus.Done) throw validation('schedule.done-cannot-move');
    return { item: await saveVisit(ctx, v, occurrenceOf(v, { isoPlannedDate })) };
  },
});

/**
 * A day's planned order: `visits` in their new order get planned orders 0, 1, 2...; only visits
 * whose order changes are written. Every visit must be planned on `isoPlannedDate`.
 */
export const reorderVisits = defineCommand({
  name: 'occurrences.reorder',
  input: z.object({
    isoPlannedDate: IsoDate,
    visits: z.array(VisitRef).min(1).max(1000),
  }),
  access: planner,
  async run(ctx, { isoPlannedDate, visits }) {
    const keys = new Set(visits.map((r) => `${r.jobId}|${r.isoDueDate}`));
    if (keys.size !== visits.length) throw validation('schedule.reorder-duplicate-visit');
    // Load (and check) every visit before writing anything.
    const loaded = await Promise.all(visits.map((r) => loadVisit(ctx, r)));
    for (const v of loaded) {
      if (v.item.isoPlannedDate !== isoPlannedDate) {
        throw validation('schedule.visit-not-on-day', { jobId: v.job._id, date: isoPlannedDate });
      }
    }
    const items: ScheduleItem[] = [];
    let written = 0;
    for (const [order, v] of loaded.entries()) {
      if (v.item.plannedOrder === order) {
        items.push(v.item);
        continue;
      }
      // Stored even when a later virtual visit would compute the same order: it is the visit's
      // own from now on, so it does not follow reorders of earlier visits.
      await ctx.store.put('occurrence', occurrenceOf(v, { plannedOrder: order }));
      items.push({ ...v.item, plannedOrder: order, stored: true });
      written++;
    }
    return { items, written };
  },
});

export const setVisitNotes = defineCommand({
  name: 'occurrences.notes',
  input: VisitRef.extend({ notes: z.string().max(10000) }),
  access: worker,
  async run(ctx, { notes, ...ref }) {
    const v = await loadVisit(ctx, ref);
    assertMayActOn(ctx.actor, v.item);
    const trimmed = notes.trim();
    return { item: await saveVisit(ctx, v, occurrenceOf(v, { notes: trimmed || undefined })) };
  },
});

/** Who does this visit (user ids); the job's assignees are the default for its visits. */
export const assignVisit = defineCommand({
  name: 'occurrences.assign',
  input: VisitRef.extend({ assignees: z.array(Id).max(50) }),
  access: planner,
  async run(ctx, { assignees, ...ref }) {
    const v = await loadVisit(ctx, ref);
    return { item: await saveVisit(ctx, v, occurrenceOf(v, { assignees: [...new Set(assignees)] })) };
  },
});
