/**
 * The visits of the schedule as stored (`Occurrences` in `@roundwise/core`) and their commands.
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
  undoVisit as undo,
} from './commands.ts';
export * from './schema.ts';
export { VisitRef } from './visit.ts';
