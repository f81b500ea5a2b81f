/**
 * Messages to customers (`Notifications` in `@roundwise/core`; the spec's API says notifications).
 * Its one public face: its schemas and types, commands (by verb), rules and registration (`area`).
 */
export { area } from './area.ts';
export * from './schema.ts';
export * from './sms-segments.ts';
