/**
 * Why the quote's page cannot do what the customer asked, with the HTTP status its page is sent
 * with: 404 an unknown link, 410 a deleted or expired quote, 400 a decline without a reason.
 * (The page is HTML for a person, not the API's JSON errors.)
 */
export class PageRefusal extends Error {
  constructor(
    readonly status: 400 | 404 | 410 | 503,
    readonly code: string,
  ) {
    super(code);
  }
}
