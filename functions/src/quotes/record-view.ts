import type { Deps } from '../context.ts';
import type { PublicQuote } from './find-public-quote.ts';
import { writePublicQuote } from './write-public-quote.ts';

/**
 * The customer opened the link: the first view's date is kept, the last view's moves on
 * (spec 000 section 4: an unread quote has no firstViewedDate). A preview (`preview_mode=true`,
 * the business looking) records nothing.
 */
export async function recordView(s: Deps, found: PublicQuote & { kind: 'found' }) {
  const at = s.now().toISOString();
  return writePublicQuote(s, found.repo, found.quote._id, (q) => ({
    ...q,
    firstViewedDate: q.firstViewedDate ?? at,
    lastViewedDate: at,
  }));
}
