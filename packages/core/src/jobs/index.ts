/**
 * The jobs area (`Jobs` in `@roundwise/core`): a customer's recurring work.
 * Its one public face: its schemas and types, commands (by verb), rules and registration (`area`).
 */
export { area } from './area.ts';
export {
  confirmBooking,
  createJob as create,
  deleteJob as delete,
  replanJob as replan,
  shiftJob as shift,
  updateJob as update,
} from './commands.ts';
export * from './schema.ts';
