/**
 * Quotes (`Quotes` in `@roundwise/core`): quotes, their quoted jobs, numbers and settings.
 * Its one public face: its schemas and types, commands (by verb), rules and registration (`area`).
 */
export { area } from './area.ts';
export {
  acceptQuote as accept,
  backToPendingQuote as backToPending,
  convertQuote as convert,
  createQuote as create,
  declineQuote as decline,
  deleteQuote as delete,
  markSentQuote as markSent,
  markUnsentQuote as markUnsent,
  QuoteChannel,
  quoteLinkPath,
  sellAsLeadQuote as sellAsLead,
  sendQuote as send,
  transferLeadQuote as transferLead,
  updateQuote as update,
  updateQuoteSettings as updateSettings,
} from './commands.ts';
export * from './schema.ts';
export * from './state.ts';
export * from './totals.ts';
