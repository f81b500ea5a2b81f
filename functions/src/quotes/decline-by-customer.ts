import { Quotes } from '@roundwise/core';
import type { Deps } from '../context.ts';
import type { PublicQuote } from './find-public-quote.ts';
import { PageRefusal } from './page-refusal.ts';
import { writePublicQuote } from './write-public-quote.ts';

/** The customer declines with a reason (spec 000 section 4); an expired quote can no longer be answered. */
export async function declineByCustomer(s: Deps, found: PublicQuote & { kind: 'found' }, reason: string) {
  const trimmed = reason.trim().slice(0, 2000);
  if (!trimmed) throw new PageRefusal(400, 'quote.decline-reason-required');
  if (found.expired) throw new PageRefusal(410, 'quote.expired');
  return writePublicQuote(s, found.repo, found.quote._id, (q) =>
    q.state === 'declined' ? undefined : Quotes.declined(q, s.now().toISOString(), trimmed),
  );
}
