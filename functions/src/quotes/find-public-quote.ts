import { type Account, type Entity, Quotes } from '@roundwise/core';
import { EntityRepository, PublicLinks } from '@roundwise/db';
import type { Deps } from '../context.ts';

type Quote = Quotes.Quote;

export type PublicQuote =
  | { kind: 'unknown' }
  | { kind: 'deleted' }
  | {
      kind: 'found';
      account: Account;
      quote: Entity<Quote>;
      customerName: string;
      settings: Quotes.QuoteSettings;
      repo: EntityRepository;
      expired: boolean;
    };

/**
 * The quote behind a public link's token (docs/public-links.md), with what its page shows: the
 * business, the quote settings' contact details, whether it has expired (the end of its expiry
 * day in the business's zone). Its reads after the link's own go out together (the page's reply
 * time is their slowest one).
 */
export async function findPublicQuote(s: Deps, token: string): Promise<PublicQuote> {
  const link = await new PublicLinks(s.db).find(token, 'quote');
  if (!link) return { kind: 'unknown' };
  const { accountId, recordId: quoteId } = link;
  const repo = new EntityRepository(s.db, accountId);
  const [account, quote, settings] = await Promise.all([
    s.auth.getAccount(accountId),
    repo.getRaw<Quote>('quote', quoteId),
    repo.get<Quotes.QuoteSettings>('quoteSettings', Quotes.SETTINGS_ID),
  ]);
  if (!account || !quote) return { kind: 'unknown' };
  if (quote._deleted) return { kind: 'deleted' };
  const customer = await repo.get<{ name: string }>('customer', quote.customerId);
  const resolved = Quotes.settingsOrDefault(settings);
  return {
    kind: 'found',
    account,
    quote,
    customerName: customer?.name ?? '',
    settings: resolved,
    repo,
    expired: quote.state === 'pending' && Quotes.isExpired(quote, s.now(), resolved.timeZone),
  };
}
