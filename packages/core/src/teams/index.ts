/**
 * Teams of staff (`Teams` in `@roundwise/core`).
 * Its one public face: its schemas and types, commands (by verb), rules and registration (`area`).
 */
export { area } from './area.ts';
export { createTeam as create, deleteTeam as delete, updateTeam as update } from './commands.ts';
export * from './schema.ts';
