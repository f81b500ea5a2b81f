import type { CommandContext } from '../commands/define.ts';
import { type QuoteSettings, SETTINGS_ID, settingsOrDefault } from './schema.ts';

/**
 * The next quote number: the settings' prefix and the account's counter, which
 * lives on the quote settings record. Only the server's run numbers (`ctx.authoritative`): the
 * counter is read and advanced in the command's own transaction, on condition that the settings
 * are still at the version read, so two quotes created at once can never take one number (the
 * second's transaction fails as `general.conflict` and is run again), and a number is used up only
 * when its quote is stored (no gaps). On a device the quote stays unnumbered ('Pending Sync')
 * until the server's answer arrives.
 */
export async function takeQuoteNumber(ctx: CommandContext): Promise<string | undefined> {
  if (!ctx.authoritative) return undefined;
  const stored = await ctx.store.get<QuoteSettings>('quoteSettings', SETTINGS_ID);
  const settings = settingsOrDefault(stored);
  await ctx.store.put<QuoteSettings>('quoteSettings', { ...settings, nextNumber: settings.nextNumber + 1 });
  return `${settings.quotePrefix}${settings.nextNumber}`;
}
