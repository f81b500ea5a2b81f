/**
 * The customer portal (`Portal` in `@roundwise/core`): the directory entry, layouts, the widget
 * catalogue and their settings. Its one public face: schemas and types, commands (by verb), the
 * catalogue and the registration (`area`).
 */

export * from './address-check.ts';
export * from './analytics.ts';
export { area } from './area.ts';
export * from './availability.ts';
export {
  type AvailabilityStore,
  availableDays,
  BookingInput,
  BookingRulesSchema,
  book,
  portalNeighbours,
} from './booking.ts';
export {
  deleteLayout,
  publishLayout,
  saveDirectory,
  saveLayout,
  saveWidgetSettings,
} from './commands.ts';
export * from './events.ts';
export * from './grid.ts';
export { layoutMarkup } from './grid-markup.ts';
export * from './layout-editing.ts';
export { createLead, isLead, LeadInput, type OfferedService, offeredServices } from './leads.ts';
export * from './schema.ts';
export * from './theme.ts';
export * from './themes.ts';
export * from './widgets.ts';
