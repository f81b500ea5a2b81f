export * from './data.ts';
export * from './finance.ts';
export * from './optimise.ts';
export * from './schema.ts';
