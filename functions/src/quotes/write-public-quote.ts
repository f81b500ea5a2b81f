import { type Entity, isAppError, type Quotes } from '@roundwise/core';
import { DynamoStore, type EntityRepository } from '@roundwise/db';
import type { Deps } from '../context.ts';

type Quote = Quotes.Quote;

/**
 * Changes a quote on behalf of its customer (no staff session): reads it, applies `change`, and
 * stores it on condition that no one wrote it in between, so it syncs to the staff's devices like
 * any other write. A concurrent write is read again and the change applied once more (twice at
 * most). `change` returns undefined to write nothing.
 */
export async function writePublicQuote(
  s: Deps,
  repo: EntityRepository,
  quoteId: string,
  change: (quote: Entity<Quote>) => Quote | undefined,
): Promise<Entity<Quote> | undefined> {
  for (let attempt = 0; ; attempt++) {
    const store = new DynamoStore(repo, s.now);
    const quote = await store.get<Quote>('quote', quoteId);
    if (!quote) return undefined;
    const next = change(quote);
    if (!next) return quote;
    const saved = await store.put<Quote>('quote', next);
    try {
      await store.commit();
      return saved;
    } catch (error) {
      if (!(isAppError(error) && error.code === 'general.conflict') || attempt >= 2) throw error;
    }
  }
}
