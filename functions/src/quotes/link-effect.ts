import { QuoteLinks } from '@roundwise/db';
import type { EffectHandler } from '../effects/registry.ts';

/**
 * The `quote.link` effect (emitted by `quotes.create`): records which account the quote's public
 * link belongs to. A put of the same item, so delivering it twice does no harm.
 */
export async function linkQuote(...[s, effect]: Parameters<EffectHandler>): Promise<void> {
  const { accountId, quoteId } = effect.payload as { accountId: string; quoteId: string };
  await new QuoteLinks(s.db).put(quoteId, accountId);
}
