/**
 * Expenses (`Expenses` in `@roundwise/core`): what the business spends, with its VAT, supplier and
 * category; each posts to the balance (docs/expenses.md).
 */
export { area } from './area.ts';
export { createExpense as create, deleteExpense as delete, updateExpense as update } from './commands.ts';
export * from './schema.ts';
