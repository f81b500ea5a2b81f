/**
 * Two-way email through the business's own mailbox (`EmailEngine` in `@roundwise/core`): the
 * server settings' shape, auto-configuration by address, the quota's levels.
 */
export { area } from './area.ts';
export * from './auto-config.ts';
export * from './quota.ts';
export * from './schema.ts';
