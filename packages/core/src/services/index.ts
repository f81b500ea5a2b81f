/**
 * The business's services (`Services` in `@roundwise/core`): what a job is priced from.
 * Its one public face: its schemas and types, commands (by verb), rules and registration (`area`).
 */
export { area } from './area.ts';
export {
  createService as create,
  deleteService as delete,
  updateAdvanced,
  updateService as update,
} from './commands.ts';
export * from './offers.ts';
export * from './schema.ts';
