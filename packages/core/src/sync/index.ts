export * from './needs.ts';
export * from './view.ts';
