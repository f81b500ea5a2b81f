/**
 * The customers area (`Customers` in `@roundwise/core`).
 * Its one public face: its schemas and types, commands (by verb), rules and registration (`area`).
 */
export { area } from './area.ts';
export { createCustomer as create, deleteCustomer as delete, updateCustomer as update } from './commands.ts';
export * from './schema.ts';
export { hasUtm, touchUtm, UTM_KEYS, utmFromQuery } from './utm.ts';
