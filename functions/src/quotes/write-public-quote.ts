import type { Entity, Quotes } from '@roundwise/core';
import type { EntityRepository } from '@roundwise/db';
import { writeAccount } from '../commands/write-account.ts';
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
  return writeAccount(
    s,
    repo.accountId,
    async (store) => {
      const quote = await store.get<Quote>('quote', quoteId);
      const next = quote && change(quote);
      return { result: next ? await store.put<Quote>('quote', next) : quote };
    },
    { attempts: 3 },
  );
}
