/**
 * Message credits (`Credits` in `@roundwise/core`): the balance, its rules and the purchase figures.
 */
export { area } from './area.ts';
export * from './ledger.ts';
export * from './schema.ts';
