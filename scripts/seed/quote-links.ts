import { randomBytes } from 'node:crypto';
import type { Change } from '@roundwise/core';
import type { PublicLink } from '@roundwise/db';

/**
 * The seeded quotes' public links (docs/public-links.md), as the server's `quotes.create` gives
 * them: a token on the quote and its link record. Made when the data is written, from real
 * randomness: the data set is reproducible, and a link made from it would be guessable.
 */
export class QuoteLinkIssuer {
  readonly issued: PublicLink[] = [];

  constructor(private readonly accountId: string) {}

  issue(change: Change): Change {
    if (change.type !== 'quote' || change.entity._deleted) return change;
    const token = randomBytes(16).toString('base64url');
    this.issued.push({ token, accountId: this.accountId, kind: 'quote', recordId: change.entity._id });
    return { ...change, entity: { ...change.entity, linkToken: token } };
  }
}
