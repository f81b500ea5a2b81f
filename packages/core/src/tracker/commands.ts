import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import { type CommandContext, defineCommand } from '../commands/define.ts';
import { Id, IsoDate } from '../entity.ts';
import { notFound, validation } from '../errors.ts';
import { visitId } from '../visits/ids.ts';
import { EntryId, recordEvent, stopIdOf, type TimeEvent } from '../visits/time-events.ts';
import { deriveEntries } from './entries.ts';

/** The tracker's screen: Owner and Admin, with the time tracker feature (spec 000 section 2.3). */
const access = routeByName('tracker');

const When = z.iso.datetime({ offset: true });

/** Spec 002 section 5: an entry needs its job, start and end, the end after the start. */
const EntryFields = z
  .object({ jobId: Id, isoDueDate: IsoDate, start: When, stop: When })
  .refine((e) => Date.parse(e.stop) > Date.parse(e.start), {
    message: 'tracker.end-before-start',
    path: ['stop'],
  });

const eventsOf = async (ctx: CommandContext, entryId: string) =>
  (
    await Promise.all([
      ctx.store.get<TimeEvent>('timeEvent', entryId),
      ctx.store.get<TimeEvent>('timeEvent', stopIdOf(entryId)),
    ])
  ).filter((e): e is NonNullable<typeof e> => !!e);

/** An entry's events, refused when there are none or it is still running (spec 002 section 4). */
async function changeableEntry(ctx: CommandContext, entryId: string): Promise<TimeEvent[]> {
  const events = await eventsOf(ctx, entryId);
  if (events.length === 0) throw notFound('tracker.entry-not-found', { id: entryId });
  const { entries } = deriveEntries(events, ctx.now.getTime());
  if (entries.some((e) => e.type === 'running')) throw validation('tracker.entry-running');
  return events;
}

async function writeEntry(
  ctx: CommandContext,
  entryId: string,
  assigneeId: string,
  fields: z.infer<typeof EntryFields>,
) {
  if (!(await ctx.store.get('job', fields.jobId))) throw notFound('jobs.not-found', { id: fields.jobId });
  const target = {
    occurrenceId: visitId(fields.jobId, fields.isoDueDate),
    jobId: fields.jobId,
    isoDueDate: fields.isoDueDate,
  };
  const at = (iso: string) => new Date(iso).toISOString();
  const start = await recordEvent(ctx, { kind: 'start', target, entryId, assigneeId, at: at(fields.start) });
  const stop = await recordEvent(ctx, { kind: 'stop', target, entryId, assigneeId, at: at(fields.stop) });
  return { start, stop };
}

/** A time entry made by hand: its worker, visit, start and end (spec 002 section 5). */
export const createEntry = defineCommand({
  name: 'tracker.create-entry',
  input: EntryFields.and(z.object({ _id: EntryId.optional(), assigneeId: Id })),
  access,
  async run(ctx, { _id, assigneeId, ...fields }) {
    const entryId = _id ?? ctx.newId();
    if ((await eventsOf(ctx, entryId)).length) throw validation('tracker.entry-exists');
    return { entryId, ...(await writeEntry(ctx, entryId, assigneeId, fields)) };
  },
});

/**
 * Another visit, start or end for an entry; its worker stays (spec 002 section 5). Editing an
 * entry closed at the day's end, or an unbound stop, records the missing event.
 */
export const updateEntry = defineCommand({
  name: 'tracker.update-entry',
  input: EntryFields.and(z.object({ entryId: EntryId })),
  access,
  async run(ctx, { entryId, ...fields }) {
    const events = await changeableEntry(ctx, entryId);
    return { entryId, ...(await writeEntry(ctx, entryId, events[0]!.assigneeId, fields)) };
  },
});

/** Deletes an entry's events ('Are you sure you want to delete this time entry?' first). */
export const deleteEntry = defineCommand({
  name: 'tracker.delete-entry',
  input: z.object({ entryId: EntryId }),
  access,
  async run(ctx, { entryId }) {
    const events = await changeableEntry(ctx, entryId);
    for (const e of events) await ctx.store.remove('timeEvent', e._id);
    return { deleted: entryId };
  },
});
