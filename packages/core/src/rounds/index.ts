export { parsePostcodes, validOrigin } from './commands.ts';
export * from './data.ts';
export * from './finance.ts';
export * from './optimise.ts';
export { sortByPlannedOrder } from './order.ts';
export * from './schema.ts';
