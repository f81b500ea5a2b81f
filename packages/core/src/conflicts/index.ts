/**
 * Conflicting edits (`Conflicts` in `@roundwise/core`): the rule two people's edits of one record
 * meet by (`applyEdits`, used by the customers, jobs and visits commands), the three-way merge of
 * free text, and the `conflict` records that tell a person their change was not kept.
 */
export { applyEdits, type EditOutcome, type EditTarget, sameValue } from './apply-edits.ts';
export { area } from './area.ts';
export { dismissConflict as dismiss } from './commands.ts';
export { mergeLines } from './merge-lines.ts';
export * from './schema.ts';
