/**
 * Balance accounting (`Balance` in `@roundwise/core`, spec 001 sections 2.7 and 3): the ledgers
 * derived from the account's records, the double-entry postings of every record that moves money,
 * the balances rebuilt from them, and the reports (docs/balance.md).
 */
export { area } from './area.ts';
export { recordJournal, reverseJournal, setupBalance as setup } from './commands.ts';
export * from './ledgers.ts';
export * from './postings.ts';
export * from './reports.ts';
export * from './schema.ts';
