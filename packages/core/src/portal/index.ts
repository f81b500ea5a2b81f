/**
 * The customer portal (`Portal` in `@roundwise/core`): the directory entry, layouts, the widget
 * catalogue and their settings. Its one public face: schemas and types, commands (by verb), the
 * catalogue and the registration (`area`).
 */
export { area } from './area.ts';
export {
  deleteLayout,
  publishLayout,
  saveDirectory,
  saveLayout,
  saveWidgetSettings,
} from './commands.ts';
export * from './schema.ts';
export * from './widgets.ts';
