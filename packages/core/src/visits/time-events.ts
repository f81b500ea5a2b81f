import { z } from 'zod';
import type { CommandContext } from '../commands/define.ts';
import { Id, IsoDate } from '../entity.ts';

/** An entry's id: its start event's id; its stop's is `stopIdOf(entryId)`, within the id limit. */
export const EntryId = Id.max(58);
export const stopIdOf = (entryId: string) => `${entryId}-stop`;

/**
 * A visit's start and stop (the time tracker's entries are made of them).
 * A stored event (spec 002 section 3: eventTimestamp, assigneeId, occurrenceId): a worker started
 * or stopped work on a visit. Time entries are never stored; they are the pairs of these events
 * (`deriveEntries`). The events of one entry share its `entryId`: a start's own id, which the
 * stop that closes it repeats.
 */
export const TimeEvent = z.object({
  _id: Id,
  entryId: EntryId,
  kind: z.enum(['start', 'stop']),
  /** When it happened (ISO instant): the moment the worker tapped, not when it reached the server. */
  eventTimestamp: z.iso.datetime(),
  assigneeId: Id,
  /** The visit's id (`visitId(jobId, isoDueDate)`), the spec's name; with its job and due date. */
  occurrenceId: z.string().min(1).max(64),
  jobId: Id,
  isoDueDate: IsoDate,
  /**
   * Where and on what it was recorded, when the device gave it (with the user's consent): the
   * device analytics read these later. Optional, so events recorded without them stay valid.
   */
  location: z
    .object({
      lat: z.number().min(-90).max(90),
      lng: z.number().min(-180).max(180),
      accuracy: z.number().min(0).optional(),
    })
    .optional(),
  device: z.object({ id: z.string().max(100), model: z.string().max(100).optional() }).optional(),
});
export type TimeEvent = z.infer<typeof TimeEvent>;

/** Spec 002 section 3: a time entry's type. */
export type EntryType = 'running' | 'recorded' | 'unrecorded';

/** What a visit's start or stop is recorded against, and what the device adds. */
export interface EventTarget {
  occurrenceId: string;
  jobId: string;
  isoDueDate: string;
}
export const EventExtras = TimeEvent.pick({ location: true, device: true });
export type EventExtras = z.infer<typeof EventExtras>;

/** A visit's time events (the type's parent field is `occurrenceId`). */
export const eventsOfVisit = (ctx: CommandContext, occurrenceId: string) =>
  ctx.store.listBy<TimeEvent>('timeEvent', occurrenceId);

/** `assigneeId`'s start among `events` that no stop has closed yet, if any. */
export function openStartOf(events: readonly TimeEvent[], assigneeId: string): TimeEvent | undefined {
  const stopped = new Set(events.filter((e) => e.kind === 'stop').map((e) => e.entryId));
  return events.find((e) => e.kind === 'start' && e.assigneeId === assigneeId && !stopped.has(e.entryId));
}

/**
 * The entry id of a stop recorded with no start (Done without Start): one per worker and visit,
 * the same on every device, so the optimistic copy and the server's are one record.
 */
export function loneEntryIdOf(occurrenceId: string, assigneeId: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < assigneeId.length; i++) h = Math.imul(h ^ assigneeId.charCodeAt(i), 0x01000193) >>> 0;
  return `${occurrenceId.slice(0, 44)}~${h.toString(36)}`;
}

/**
 * Records a start (`_id`: the entry's id) or a stop (`_id`: `stopIdOf(entryId)`): ids known before
 * the server answers, so a device's optimistic copy is the record the server writes. Its moment is,
 * unless given, when the user tapped (`issuedAt`, the time in the command's id), so an event
 * recorded offline keeps its time when it reaches the server; its worker, unless given, the actor.
 */
export async function recordEvent(
  ctx: CommandContext,
  event: {
    kind: TimeEvent['kind'];
    target: EventTarget;
    entryId: string;
    assigneeId?: string;
    at?: string;
    extras?: EventExtras;
  },
): Promise<TimeEvent> {
  return ctx.store.put<TimeEvent>('timeEvent', {
    _id: event.kind === 'start' ? event.entryId : stopIdOf(event.entryId),
    entryId: event.entryId,
    kind: event.kind,
    eventTimestamp: event.at ?? (ctx.issuedAt ?? ctx.now).toISOString(),
    assigneeId: event.assigneeId ?? ctx.actor.userId,
    ...event.target,
    ...event.extras,
  });
}
