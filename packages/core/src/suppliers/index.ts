/**
 * Suppliers (`Suppliers` in `@roundwise/core`): who the business buys from (spec 002 section 2.9).
 * Its one public face: its schemas and types, commands (by verb), rules and registration (`area`).
 */
export { area } from './area.ts';
export { createSupplier as create, deleteSupplier as delete, updateSupplier as update } from './commands.ts';
export * from './schema.ts';
