import { Quotes } from '@roundwise/core';
import type { Deps } from '../context.ts';
import { documentHash, quoteDocument } from './document.ts';
import type { PublicQuote } from './find-public-quote.ts';
import { PageRefusal } from './page-refusal.ts';
import { writePublicQuote } from './write-public-quote.ts';

/**
 * The customer accepts on the quote's page. Refused once expired (410) and
 * when already accepted (nothing changes: the page shows the acceptance). The acceptance freezes
 * what they saw: the document (items, totals, terms), when, from which address, and the
 * document's SHA-256; later edits make new versions and never touch it.
 */
export async function acceptByCustomer(
  s: Deps,
  found: PublicQuote & { kind: 'found' },
  from: { address: string; userAgent: string },
) {
  if (found.expired) throw new PageRefusal(410, 'quote.expired');
  return writePublicQuote(s, found.repo, found.quote._id, (q) => {
    if (q.state === 'accepted') return undefined;
    if (q.state === 'pending' && Quotes.isExpired(q, s.now(), found.settings.timeZone)) {
      throw new PageRefusal(410, 'quote.expired');
    }
    const at = s.now().toISOString();
    const document = quoteDocument(q, found.account, found.customerName);
    return {
      ...Quotes.accepted(q, at),
      acceptance: {
        version: q.version ?? 1,
        acceptedAt: at,
        address: from.address.slice(0, 100),
        userAgent: from.userAgent.slice(0, 500),
        hash: documentHash(document),
        document,
      },
    };
  });
}
