import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { AppError } from '@roundwise/core';

/**
 * A mailbox password at rest: AES-256-GCM under a key derived from the stage's `MAILBOX_SECRET`,
 * a fresh 12-byte nonce each time, the account id as associated data (a sealed password copied
 * to another account's record does not open). Stored as `v1.<nonce>.<tag>.<ciphertext>`, base64url.
 */
const keyOf = (secret: string) => createHash('sha256').update(`roundwise-mailbox:${secret}`).digest();

function secretOf(secret: string | undefined): string {
  // Without a secret a password could only be stored in clear: refuse to connect instead.
  if (!secret) throw new AppError('unavailable', 'email-engine.not-configured');
  return secret;
}

export function seal(secret: string | undefined, accountId: string, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretOf(secret)), nonce);
  cipher.setAAD(Buffer.from(accountId));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', nonce, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function open(secret: string | undefined, accountId: string, sealed: string): string {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== 'v1' || !nonce || !tag || body === undefined)
    throw new Error('not a sealed mailbox password');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretOf(secret)), Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(accountId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
