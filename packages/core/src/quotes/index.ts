/**
 * Quotes (`Quotes` in `@roundwise/core`). Commands come with the quotes screens.
 * Its one public face: its schemas and types, commands (by verb), rules and registration (`area`).
 */
export { area } from './area.ts';
export * from './schema.ts';
