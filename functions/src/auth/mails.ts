import type { Services } from '../context.ts';

/** The account mails. Plain text first: they must read well in any client. */
const link = (s: Services, path: string, token: string) =>
  `${s.publicUrl}/${path}?token=${encodeURIComponent(token)}`;

export function sendVerification(s: Services, to: string, name: string, token: string) {
  const url = link(s, 'verify-email', token);
  return s.mailer.send({
    to,
    subject: 'Verify your email for Roundwise',
    text: `Hello ${name},\n\nPlease confirm your email address by opening this link:\n\n${url}\n\nThe link works once and expires in 48 hours.\n`,
    html: `<p>Hello ${escapeHtml(name)},</p><p>Please confirm your email address:</p><p><a href="${url}">Verify my email</a></p><p>The link works once and expires in 48 hours.</p>`,
  });
}

export function sendPasswordReset(s: Services, to: string, token: string) {
  const url = link(s, 'reset-password', token);
  return s.mailer.send({
    to,
    subject: 'Reset your Roundwise password',
    text: `Someone asked to reset the password for this email address.\n\nTo choose a new password, open:\n\n${url}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this mail.\n`,
    html: `<p>To choose a new password, open <a href="${url}">this link</a>.</p><p>It works once and expires in 1 hour. If it was not you, ignore this mail.</p>`,
  });
}

/** An offer: the link opens a page to accept it (choosing a password when new) or decline it. */
export function sendInvitation(s: Services, to: string, businessName: string, token: string) {
  const url = link(s, 'accept-invite', token);
  return s.mailer.send({
    to,
    subject: `You have been invited to ${businessName} on Roundwise`,
    text: `You have been invited to join ${businessName} on Roundwise.\n\nTo accept or decline, open:\n\n${url}\n\nThe link works for 7 days. Nothing changes until you accept.\n`,
    html: `<p>You have been invited to join <b>${escapeHtml(businessName)}</b> on Roundwise.</p><p>To accept or decline, open <a href="${url}">this link</a>.</p><p>It works for 7 days. Nothing changes until you accept.</p>`,
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
