/**
 * The send module's audiences and campaigns (`Send` in `@roundwise/core`, spec 002 section 2.7).
 * Its one public face: schemas, commands by verb, the pure rules and its registration (`area`).
 */
export { area } from './area.ts';
export * from './audience-fields.ts';
export * from './cascades.ts';
export {
  audienceExtras,
  createAudience,
  createCampaign,
  deleteAudience,
  deleteCampaign,
  exclude,
  finishCampaign as finish,
  include,
  PUBLISH_BATCH,
  PublishInput,
  publishCampaign as publish,
  updateAudience,
  updateCampaign,
} from './commands.ts';
export * from './contacts.ts';
export * from './delivery-status.ts';
export * from './filter-groups.ts';
export * from './quick-schedule.ts';
export * from './recipients.ts';
export * from './schema.ts';
export { type CampaignTemplate, smsTextOf } from './template-ref.ts';
