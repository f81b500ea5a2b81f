import { newId } from '@roundwise/core';
import type { TokenRecord } from '@roundwise/db';
import type { Deps } from '../context.ts';
import type { Mail } from '../deps.ts';
import { dispatchEffects } from '../effects/queue.ts';
import { hashSecret } from './tokens.ts';

/**
 * The account mails. None is sent inside the request that asks for it: each is written to the
 * outbox (with `withToken`, in the same transaction as the token its link carries, so the token
 * exists exactly when its mail is due) and delivered once by the effect dispatcher (effects/).
 * Plain text first: they must read well in any client.
 */
const link = (s: Deps, path: string, token: string) =>
  `${s.publicUrl}/${path}?token=${encodeURIComponent(token)}`;

export function sendVerification(s: Deps, to: string, name: string, token: string, withToken?: TokenRecord) {
  const url = link(s, 'verify-email', token);
  return queueMail(s, token, withToken, {
    to,
    subject: 'Verify your email for Roundwise',
    text: `Hello ${name},\n\nPlease confirm your email address by opening this link:\n\n${url}\n\nThe link works once and expires in 48 hours.\n`,
    html: `<p>Hello ${escapeHtml(name)},</p><p>Please confirm your email address:</p><p><a href="${url}">Verify my email</a></p><p>The link works once and expires in 48 hours.</p>`,
  });
}

export function sendPasswordReset(s: Deps, to: string, token: string, withToken?: TokenRecord) {
  const url = link(s, 'reset-password', token);
  return queueMail(s, token, withToken, {
    to,
    subject: 'Reset your Roundwise password',
    text: `Someone asked to reset the password for this email address.\n\nTo choose a new password, open:\n\n${url}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this mail.\n`,
    html: `<p>To choose a new password, open <a href="${url}">this link</a>.</p><p>It works once and expires in 1 hour. If it was not you, ignore this mail.</p>`,
  });
}

/** An offer: the link opens a page to accept it (choosing a password when new) or decline it. */
export function sendInvitation(
  s: Deps,
  to: string,
  businessName: string,
  token: string,
  withToken?: TokenRecord,
) {
  const url = link(s, 'accept-invite', token);
  return queueMail(s, token, withToken, {
    to,
    subject: `You have been invited to ${businessName} on Roundwise`,
    text: `You have been invited to join ${businessName} on Roundwise.\n\nTo accept or decline, open:\n\n${url}\n\nThe link works for 7 days. Nothing changes until you accept.\n`,
    html: `<p>You have been invited to join <b>${escapeHtml(businessName)}</b> on Roundwise.</p><p>To accept or decline, open <a href="${url}">this link</a>.</p><p>It works for 7 days. Nothing changes until you accept.</p>`,
  });
}

/**
 * Writes a mail to the outbox and dispatches it. Its id comes from the token it carries (one mail
 * per link), else it is new. With `withToken`, the token is stored in the same transaction.
 */
async function queueMail(s: Deps, token: string | undefined, withToken: TokenRecord | undefined, mail: Mail) {
  const effect = { id: `mail-${token ? hashSecret(token) : newId()}`, kind: 'mail', payload: { ...mail } };
  if (withToken) await s.auth.createToken(withToken, [s.outbox.item(effect, s.now())]);
  else await s.outbox.add(effect, s.now());
  dispatchEffects(s, [effect.id]);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
