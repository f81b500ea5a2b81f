/**
 * The visits area (`Visits` in `@roundwise/core`): a job's visits, computed from its frequency
 * (`Visit`), the stored part of those that carry state (`VisitRecord`, entity type `visit`), the
 * plans that rewrite a job's visits, and the visit commands.
 * Its one public face: its schemas and types, commands (by verb), rules and registration (`area`).
 */
export { area } from './area.ts';
export {
  assignVisit as assign,
  completeVisit as complete,
  moveVisit as move,
  reorderVisits as reorder,
  repriceVisit as reprice,
  setVisitNotes as notes,
  skipVisit as skip,
  startVisit as start,
  undoVisit as undo,
} from './commands.ts';
export * from './ids.ts';
export { VisitRef } from './load.ts';
export * from './plan.ts';
export {
  MAX_PUBLIC_RATINGS,
  PublicRating,
  publishedRatings,
  publishRating,
  unpublishRating,
} from './ratings.ts';
export * from './record.ts';
export * from './time-events.ts';
export * from './visits.ts';
