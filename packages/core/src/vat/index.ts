/**
 * VAT returns under Making Tax Digital (`Vat` in `@roundwise/core`): the nine boxes from the books,
 * HMRC's cross-checks, the fraud prevention headers and their validator, the setup and the
 * submission commands (docs/vat.md).
 */
export { area } from './area.ts';
export * from './boxes.ts';
export { SUBMIT_RETURN, setupVat as setup, submitReturn } from './commands.ts';
export * from './fraud-headers.ts';
export * from './schema.ts';
