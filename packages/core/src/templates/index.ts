/**
 * Message templates of the send module (`Templates` in `@roundwise/core`, spec 002 sections 2.7
 * and 3): the schema, the commands by verb, the block editor's blocks and the HTML generators.
 */
export { area } from './area.ts';
export * from './blocks.ts';
export {
  createTemplate as create,
  removeTemplate as remove,
  restoreRevision,
  saveBlocks,
  templateHtml,
  updateTemplate as update,
} from './commands.ts';
export { BASIC_MIN_HEIGHT, blockBody, blockHtml } from './html/block-html.ts';
export { CONTENT_WIDTH, MIN_WIDTH } from './html/frame.ts';
export { RICH_THEME, richTextBody, richTextHtml } from './html/rich-text-html.ts';
export { MAX_REVISIONS } from './revisions.ts';
export * from './rich-doc.ts';
export * from './schema.ts';
