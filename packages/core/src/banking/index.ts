/**
 * Banking (`Banking` in `@roundwise/core`): a bank connected through an open-banking provider, its
 * statement lines imported once each, and their reconciliation with the books (docs/banking.md).
 */
export { area } from './area.ts';
export {
  callsToday,
  connect,
  DAILY_CALLS,
  disconnect,
  importLines as import,
  reconcile,
  SYNC,
  syncNow,
  toExpense,
  toJournal,
} from './commands.ts';
export { mergeImport, TWIN_DAYS } from './dedup.ts';
export { parseStatement } from './files.ts';
export { matcher, payoutOf, type Suggestion } from './match.ts';
export * from './schema.ts';
