/**
 * The time tracker (`Tracker` in `@roundwise/core`, spec 002 section 2.10): time entries derived
 * from the start and stop events of visits (`Visits.TimeEvent`), travel between them, totals, and
 * the Owner's commands on entries. Its one public face.
 */
export { area } from './area.ts';
export * from './clock.ts';
export { createEntry, deleteEntry, updateEntry } from './commands.ts';
export * from './entries.ts';
