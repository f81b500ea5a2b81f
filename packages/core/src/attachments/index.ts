/**
 * Files uploaded to the account's attachments bucket (`Attachments` in `@roundwise/core`).
 * Its one public face: its schemas and types, commands (by verb), rules and registration (`area`).
 */
export { area } from './area.ts';
export { access, deleteAttachment as delete } from './commands.ts';
export * from './rules.ts';
export * from './schema.ts';
