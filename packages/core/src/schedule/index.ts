export * from './dates.ts';
export * from './frequency.ts';
export * from './text.ts';
