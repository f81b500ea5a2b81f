import { createHmac } from 'node:crypto';
import type { Deps } from '../context.ts';

/**
 * The reply token of a two-way mail: its Reply-To is the business's mailbox with the token as a
 * sub-address (`office+r<token>@sparkle.example`), so a reply whose mail program dropped
 * In-Reply-To and References still finds its conversation. The token is issued by the server
 * (an HMAC of the account and the message under the stage's mailbox secret, never the message's
 * id) and recorded for that account only: a token does not open another business's thread.
 */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** Lower-case base32: mail systems may change the case of an address's local part. */
function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return bits > 0 ? out + ALPHABET[(value << (5 - bits)) & 31] : out;
}

/** 120 bits: 24 characters, so `local+r<token>` stays well inside a local part's 64. */
export function replyTokenOf(secret: string, accountId: string, notificationId: string): string {
  const mac = createHmac('sha256', `roundwise-reply-token:${secret}`)
    .update(`${accountId}\n${notificationId}`)
    .digest();
  return base32(mac.subarray(0, 15));
}

/** `office@sparkle.example` with the token: `office+r<token>@sparkle.example`. */
export function replyAddress(mailbox: string, token: string): string {
  const at = mailbox.lastIndexOf('@');
  return `${mailbox.slice(0, at)}+r${token}${mailbox.slice(at)}`;
}

const TOKEN = /\+r([a-z2-7]{24})@/i;

/** The token among a mail's recipient addresses, if one is there. */
export function tokenIn(addresses: readonly string[]): string | undefined {
  for (const address of addresses) {
    const match = TOKEN.exec(address);
    if (match) return match[1]!.toLowerCase();
  }
  return undefined;
}

/** Issues (and records) the token of one message to a customer, and answers its Reply-To. */
export async function issueReplyTo(
  s: Pick<Deps, 'mailboxes' | 'mailboxSecret'>,
  accountId: string,
  mailbox: string,
  notificationId: string,
): Promise<string | undefined> {
  if (!s.mailboxSecret) return undefined;
  const token = replyTokenOf(s.mailboxSecret, accountId, notificationId);
  await s.mailboxes.putReplyToken(accountId, token, notificationId);
  return replyAddress(mailbox, token);
}
