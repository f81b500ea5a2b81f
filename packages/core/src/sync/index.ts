export * from './needs.ts';
export * from './settings-view.ts';
export * from './view.ts';
