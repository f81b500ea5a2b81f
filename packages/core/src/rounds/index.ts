/**
 * The rounds area (`Rounds` in `@roundwise/core`): the spec's tags of type round.
 * Its one public face: its schemas and types, commands (by verb), rules and registration (`area`).
 */
export { area } from './area.ts';
export {
  addJobsToRound as addJobs,
  createRound as create,
  deleteRound as delete,
  optimiseRound as optimise,
  parsePostcodes,
  removeRoundFrequency as removeFrequency,
  reorderRound as reorder,
  replanRound as replan,
  setPortalRound as setPortal,
  setRoundFrequency as setFrequency,
  updateRound as update,
  validOrigin,
} from './commands.ts';
export * from './data.ts';
export * from './finance.ts';
export * from './optimise.ts';
export { sortByPlannedOrder } from './order.ts';
export * from './schema.ts';
