/**
 * The audit log (`Audit` in `@roundwise/core`, spec 001 section 2.5): what an entry holds, how a
 * command's writes are described, and the search's query language. Entries are written by the
 * server in each command's own commit and read online; they are not synced to devices.
 */
export { describeCommand, recordChange } from './describe.ts';
export { dayBounds, dayIn, matchesQuery, parseQuery, type Query, QueryError } from './query.ts';
export * from './schema.ts';
export type { SecurityEvent, SecurityKind, UserSecurity } from './security.ts';
