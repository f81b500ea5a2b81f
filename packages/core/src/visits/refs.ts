import { commandRef } from '../commands/define.ts';
import type {
  assignVisit,
  completeVisit,
  moveVisit,
  reorderVisits,
  repriceVisit,
  setVisitNotes,
  skipVisit,
  startVisit,
  undoVisit,
} from './commands.ts';

/**
 * The visit commands by reference, for the schedule (the landing screen): naming them here
 * builds none of their zod schemas, so the first paint does not wait for zod (`CommandRef`).
 */
export const assign = commandRef<typeof assignVisit>('visits.assign', false);
export const complete = commandRef<typeof completeVisit>('visits.complete', false);
export const move = commandRef<typeof moveVisit>('visits.move', false);
export const reorder = commandRef<typeof reorderVisits>('visits.reorder', false);
export const reprice = commandRef<typeof repriceVisit>('visits.reprice', false);
export const notes = commandRef<typeof setVisitNotes>('visits.notes', false);
export const start = commandRef<typeof startVisit>('visits.start', true);
export const skip = commandRef<typeof skipVisit>('visits.skip', false);
export const undo = commandRef<typeof undoVisit>('visits.undo', false);
