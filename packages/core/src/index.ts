// The domain's public face: the shared kernel by name, each area as a namespace (its own
// `index.ts`). Bundlers keep only what a screen uses, so an area's commands travel with the
// screens that call them.
export * from './access/check.ts';
export * from './access/developer-mode.ts';
export * from './access/drawer.ts';
export * from './access/features.ts';
export * from './access/model.ts';
export * from './access/route-def.ts';
export * from './access/routes.ts';
// The schemas of model.ts's words, by the same names (explicit: they shadow its types).
export { FeatureFlag, Level, Role, SubscriptionStatus } from './access/schemas.ts';
export * from './access/startup.ts';
export * from './accounts/email-settings.ts';
export * from './accounts/schema.ts';
export * as Alerts from './alerts/index.ts';
export { allCommands, areas, entityTypes, indexedField, loadCommand } from './areas.ts';
export * as Attachments from './attachments/index.ts';
export * as Audit from './audit/index.ts';
export * from './commands/define.ts';
export * from './commands/execute.ts';
export * from './commands/today.ts';
export * as Conflicts from './conflicts/index.ts';
export * as Credits from './credits/index.ts';
export * as Customers from './customers/index.ts';
export * from './define-area.ts';
export * from './entity.ts';
export * from './errors.ts';
export * from './ids.ts';
export * as Jobs from './jobs/index.ts';
export * from './merge-fields.ts';
export * from './messages.ts';
export * as Notifications from './notifications/index.ts';
export * as Payments from './payments/index.ts';
export * from './public-links.ts';
export * as Quotes from './quotes/index.ts';
export * as Rounds from './rounds/index.ts';
export * as Schedule from './schedule/index.ts';
export * as Send from './send/index.ts';
export * as Services from './services/index.ts';
export * from './store/memory-store.ts';
export * from './store/record-size.ts';
export * from './store/store.ts';
export * as Sync from './sync/index.ts';
export * as Teams from './teams/index.ts';
export * as Templates from './templates/index.ts';
export * from './text.ts';
export * from './tokens.ts';
export * as Visits from './visits/index.ts';
