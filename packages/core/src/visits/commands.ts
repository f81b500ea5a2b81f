import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import { type CommandContext, defineCommand } from '../commands/define.ts';
import { EditBase } from '../conflicts/schema.ts';
import { assertCompletionFields } from '../custom-fields/gate.ts';
import { Id, IsoDate, Price } from '../entity.ts';
import { validation } from '../errors.ts';
import { RequiredText } from '../text.ts';
import { visitId } from './ids.ts';
import { ensureInvoice, voidInvoices } from './invoice.ts';
import {
  assertMayActOn,
  editVisit,
  loadVisit,
  PLANNER_ROLES,
  recordOf,
  saveVisit,
  VisitRef,
} from './load.ts';
import { VisitStatus } from './record.ts';
import {
  EntryId,
  EventExtras,
  eventsOfVisit,
  loneEntryIdOf,
  openStartOf,
  recordEvent,
  type TimeEvent,
} from './time-events.ts';
import type { Visit } from './visits.ts';

/**
 * The schedule's actions. Each is a command, so the web runs it optimistically on its
 * local cache offline. Planning (reprice, move, reorder, assign) is for the `schedule` route's
 * roles: Owner, Admin, Planner. Doing the work (complete, skip, undo, notes) is also open to a
 * Worker, on visits assigned to them only ("my work"), checked in `assertMayActOn`. Each answers
 * `{ visit }`, the visit as it now is (plus `invoiceId`, `voided` or, for reorder, `{ visits, written }`).
 */
const planner = routeByName('schedule');
const worker = { minLevel: 'Core', roles: [...PLANNER_ROLES, 'Worker'] } as const;

/** Marks a visit done and invoices its price to the customer; completing twice changes nothing. */
export const completeVisit = defineCommand({
  name: 'visits.complete',
  input: VisitRef,
  access: worker,
  async run(ctx, ref) {
    // The required custom fields are read beside the visit (one round trip), and refuse only
    // someone who may complete it, and only while it is not done yet.
    // With the time tracker on, the visit's time events too: Done stops the worker's timer.
    const tracking = ctx.actor.flags.includes('timeTracker');
    const [loaded, fields, events] = await Promise.allSettled([
      loadVisit(ctx, ref),
      assertCompletionFields(ctx, ref),
      tracking ? eventsOfVisit(ctx, visitId(ref.jobId, ref.isoDueDate)) : Promise.resolve([]),
    ]);
    if (loaded.status === 'rejected') throw loaded.reason;
    if (events.status === 'rejected') throw events.reason;
    const v = loaded.value;
    assertMayActOn(ctx.actor, v.visit);
    if (fields.status === 'rejected' && v.stored?.status !== VisitStatus.Done) throw fields.reason;
    if (v.stored?.status !== VisitStatus.Done && tracking) await recordDone(ctx, v.visit, events.value);
    const record =
      v.stored?.status === VisitStatus.Done
        ? recordOf(v, {})
        : recordOf(v, {
            status: VisitStatus.Done,
            completedDate: ctx.now.toISOString(),
            skipReason: undefined,
          });
    const visit = v.stored?.status === VisitStatus.Done ? v.visit : await saveVisit(ctx, v, record);
    const invoice = await ensureInvoice(ctx, record, v.job);
    return { visit, invoiceId: invoice._id };
  },
});

/**
 * The stop of the worker's timer on a visit they mark done. Done with no Start tapped is still
 * recorded when the visit is theirs (an unbound stop the Owner sees and can complete); someone
 * ticking off another's visit in the office records nothing.
 */
async function recordDone(ctx: CommandContext, visit: Visit, events: readonly TimeEvent[]) {
  const open = openStartOf(events, ctx.actor.userId);
  if (!open && !visit.assignees.includes(ctx.actor.userId)) return;
  const entryId = open?.entryId ?? loneEntryIdOf(visit.id, ctx.actor.userId);
  await recordEvent(ctx, { kind: 'stop', target: targetOf(visit), entryId });
}

const targetOf = (visit: Visit) => ({
  occurrenceId: visit.id,
  jobId: visit.jobId,
  isoDueDate: visit.isoDueDate,
});

/**
 * The worker taps Start on a visit: a start event, their timer on it (spec 002 section 2.10). A
 * timer already running on it is kept (a second tap changes nothing); a done visit cannot start.
 * The device may add where it was and what it is (`location`, `device`).
 */
export const startVisit = defineCommand({
  name: 'visits.start',
  input: VisitRef.extend({ _id: EntryId.optional(), ...EventExtras.shape }),
  access: worker,
  async run(ctx, { _id, location, device, ...ref }) {
    const [v, events] = await Promise.all([
      loadVisit(ctx, ref),
      eventsOfVisit(ctx, visitId(ref.jobId, ref.isoDueDate)),
    ]);
    assertMayActOn(ctx.actor, v.visit);
    if (v.visit.status !== VisitStatus.NotDone) throw validation('visits.start-not-done');
    const open = openStartOf(events, ctx.actor.userId);
    if (open) return { event: open };
    const extras = { ...(location ? { location } : {}), ...(device ? { device } : {}) };
    const entryId = _id ?? ctx.newId();
    return { event: await recordEvent(ctx, { kind: 'start', target: targetOf(v.visit), entryId, extras }) };
  },
});

export const skipVisit = defineCommand({
  name: 'visits.skip',
  input: VisitRef.extend({ reason: RequiredText('visits.enter-skip-reason', 500) }),
  access: worker,
  async run(ctx, { reason, ...ref }) {
    const v = await loadVisit(ctx, ref);
    assertMayActOn(ctx.actor, v.visit);
    // A done visit has an invoice: undo it first, so cancelling the invoice is a visible step.
    if (v.visit.status === VisitStatus.Done) throw validation('visits.undo-before-skipping');
    return {
      visit: await saveVisit(ctx, v, recordOf(v, { status: VisitStatus.Skipped, skipReason: reason })),
    };
  },
});

/** Back to not done: clears the completion or skip; a completion's invoice is cancelled (voided). */
export const undoVisit = defineCommand({
  name: 'visits.undo',
  input: VisitRef,
  access: worker,
  async run(ctx, ref) {
    const v = await loadVisit(ctx, ref);
    assertMayActOn(ctx.actor, v.visit);
    if (v.visit.status === VisitStatus.NotDone) return { visit: v.visit, voided: 0 };
    const record = recordOf(v, {
      status: VisitStatus.NotDone,
      completedDate: undefined,
      skipReason: undefined,
    });
    const voided = await voidInvoices(ctx, record);
    return { visit: await saveVisit(ctx, v, record), voided };
  },
});

/** A visit's own price. On a done visit the invoice is re-issued at the new price. */
export const repriceVisit = defineCommand({
  name: 'visits.reprice',
  input: VisitRef.extend({ price: Price, base: EditBase }),
  access: planner,
  async run(ctx, { price, base, ...ref }) {
    const v = await loadVisit(ctx, ref);
    const kept = await editVisit(ctx, v, { price }, base);
    if (!kept) return { visit: v.visit };
    const record = recordOf(v, kept);
    const visit = await saveVisit(ctx, v, record);
    if (record.status === VisitStatus.Done) {
      await voidInvoices(ctx, record);
      await ensureInvoice(ctx, record, v.job);
    }
    return { visit };
  },
});

/** Plans a visit on another day (its due date stays: it is the same visit, moved). */
export const moveVisit = defineCommand({
  name: 'visits.move',
  input: VisitRef.extend({ isoPlannedDate: IsoDate, base: EditBase }),
  access: planner,
  async run(ctx, { isoPlannedDate, base, ...ref }) {
    const v = await loadVisit(ctx, ref);
    if (v.visit.status === VisitStatus.Done) throw validation('visits.done-cannot-move');
    const kept = await editVisit(ctx, v, { isoPlannedDate }, base);
    return { visit: kept ? await saveVisit(ctx, v, recordOf(v, kept)) : v.visit };
  },
});

/**
 * A day's planned order: `visits` in their new order get planned orders 0, 1, 2...; only visits
 * whose order changes are written. Every visit must be planned on `isoPlannedDate`.
 */
export const reorderVisits = defineCommand({
  name: 'visits.reorder',
  input: z.object({
    isoPlannedDate: IsoDate,
    visits: z.array(VisitRef).min(1).max(1000),
  }),
  access: planner,
  async run(ctx, { isoPlannedDate, visits }) {
    const keys = new Set(visits.map((r) => `${r.jobId}|${r.isoDueDate}`));
    if (keys.size !== visits.length) throw validation('visits.reorder-duplicate-visit');
    // Load (and check) every visit before writing anything.
    const loaded = await Promise.all(visits.map((r) => loadVisit(ctx, r)));
    for (const v of loaded) {
      if (v.visit.isoPlannedDate !== isoPlannedDate) {
        throw validation('visits.visit-not-on-day', { jobId: v.job._id, date: isoPlannedDate });
      }
    }
    const ordered: Visit[] = [];
    let written = 0;
    for (const [order, v] of loaded.entries()) {
      if (v.visit.plannedOrder === order) {
        ordered.push(v.visit);
        continue;
      }
      // Stored even when a later virtual visit would compute the same order: it is the visit's
      // own from now on, so it does not follow reorders of earlier visits.
      await ctx.store.put('visit', recordOf(v, { plannedOrder: order }));
      ordered.push({ ...v.visit, plannedOrder: order, stored: true });
      written++;
    }
    return { visits: ordered, written };
  },
});

export const setVisitNotes = defineCommand({
  name: 'visits.notes',
  input: VisitRef.extend({ notes: z.string().max(10000), base: EditBase }),
  access: worker,
  async run(ctx, { notes, base, ...ref }) {
    const v = await loadVisit(ctx, ref);
    assertMayActOn(ctx.actor, v.visit);
    const kept = await editVisit(ctx, v, { notes: notes.trim() }, base);
    if (!kept) return { visit: v.visit };
    // Notes emptied are no notes (a visit record without state is not stored).
    return { visit: await saveVisit(ctx, v, recordOf(v, { ...kept, notes: kept.notes || undefined })) };
  },
});

/** Who does this visit (user ids); the job's assignees are the default for its visits. */
export const assignVisit = defineCommand({
  name: 'visits.assign',
  input: VisitRef.extend({ assignees: z.array(Id).max(50), base: EditBase }),
  access: planner,
  async run(ctx, { assignees, base, ...ref }) {
    const v = await loadVisit(ctx, ref);
    const kept = await editVisit(ctx, v, { assignees: [...new Set(assignees)] }, base);
    return { visit: kept ? await saveVisit(ctx, v, recordOf(v, kept)) : v.visit };
  },
});
