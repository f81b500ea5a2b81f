/**
 * The availability planner (`Availability` in `@roundwise/core`, spec 001 section 2.6): workers'
 * skills and hours, and the week of hours available against hours required. Its one public face.
 */
export { area } from './area.ts';
export { setDay, setWorker } from './commands.ts';
export * from './schema.ts';
export * from './week.ts';
