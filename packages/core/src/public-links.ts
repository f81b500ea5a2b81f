/**
 * Public links (docs/public-links.md): what a customer or a mail client opens without signing in.
 * Each carries a token the server issued (`ctx.publicLink`), bound to one account and one record;
 * nothing in a link is an entity id, so no business can point another's link at its own record.
 */
/** `message` is a sent message's page and its unsubscribe link; `customer` the payment pages. */
export type PublicLinkKind = 'quote' | 'message' | 'customer';

/** A new token: 128 random bits, base64url (22 characters). The server's alone. */
export function newPublicToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** 128 random bits, base64url: 22 characters. */
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** The shape of a token the server issues; anything else is an unknown link, read nowhere. */
export const isPublicToken = (token: string) => TOKEN.test(token);
