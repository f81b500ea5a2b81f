/**
 * Public links (docs/public-links.md): what a customer or a mail client opens without signing in.
 * Each carries a token the server issued (`ctx.publicLink`), bound to one account and one record;
 * nothing in a link is an entity id, so no business can point another's link at its own record.
 */
export type PublicLinkKind = 'quote' | 'message' | 'unsubscribe' | 'customer';

/** 128 random bits, base64url: 22 characters. */
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** The shape of a token the server issues; anything else is an unknown link, read nowhere. */
export const isPublicToken = (token: string) => TOKEN.test(token);
