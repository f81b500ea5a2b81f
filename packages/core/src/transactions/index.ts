/**
 * A customer's invoices and payments (`Transactions` in `@roundwise/core`). Commands come with payments.
 * Its one public face: its schemas and types, commands (by verb), rules and registration (`area`).
 */
export { area } from './area.ts';
export * from './schema.ts';
