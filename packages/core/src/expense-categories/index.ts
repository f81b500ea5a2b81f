/**
 * Expense categories (`ExpenseCategories` in `@roundwise/core`, spec 001 section 2.8): the tags an
 * expense is filed under, each an overheads ledger of the balance.
 */
export { area } from './area.ts';
export { createCategory as create, deleteCategory as delete, updateCategory as update } from './commands.ts';
export * from './schema.ts';
