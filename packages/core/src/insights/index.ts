/** Insights (`Insights` in `@roundwise/core`): the figures over time its tabs show. */
export { area } from './area.ts';
export * from './figures.ts';
