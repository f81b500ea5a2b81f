/**
 * Alerts to staff (`Alerts` in `@roundwise/core`).
 * Its one public face: its schemas and types, commands (by verb), rules and registration (`area`).
 */
export { area } from './area.ts';
export { createAlert as create, markAlertRead as markRead } from './commands.ts';
export * from './schema.ts';
export * from './visible.ts';
