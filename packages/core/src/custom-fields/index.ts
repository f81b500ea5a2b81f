/**
 * Custom fields (`CustomFields` in `@roundwise/core`): collections of items that staff fill in
 * for a record (spec 001 sections 2.1 to 9). Its public face: schemas, rules, templates, commands.
 */
export { area } from './area.ts';
export {
  cloneItem,
  createSchema,
  deleteItem,
  deleteSchema,
  fill,
  saveItem,
  setEnabled,
  updateSchema,
} from './commands.ts';
export { offered } from './gate.ts';
export * from './rules.ts';
export * from './schema.ts';
export * from './templates.ts';
