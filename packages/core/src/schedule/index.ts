export * from './dates.ts';
export * from './frequency.ts';
export * from './ids.ts';
export * from './items.ts';
export * from './plan.ts';
export * from './text.ts';
