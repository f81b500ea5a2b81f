/**
 * Bulk price changes (`Pricing` in `@roundwise/core`, spec 002 section 2.6). Its one public face:
 * schemas, commands by verb, the pure rules (price arithmetic, affected jobs, preview) and its
 * registration (`area`).
 */
export * from './affected-jobs.ts';
export { area } from './area.ts';
export { formValue, newPrice, storedValue } from './arithmetic.ts';
export {
  APPLY_SCHEDULED,
  applyPriceChange as apply,
  cancelSchedule,
  createPriceChange as create,
  MAX_JOBS,
  removePriceChange as remove,
  rollbackPriceChange as rollback,
  updatePriceChange as update,
} from './commands.ts';
export {
  fillNotice,
  NotifyInput,
  noticeTexts,
  notifyPriceChange as notify,
  PRICE_FIELDS,
  type PriceValues,
  priceValues,
} from './notify.ts';
export * from './preview.ts';
export * from './schema.ts';
