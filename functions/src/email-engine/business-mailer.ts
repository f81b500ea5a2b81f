import type { Account } from '@roundwise/core';
import { createSmtpMailer } from '../adapters/mailer.ts';
import type { Deps } from '../context.ts';
import type { Mailer } from '../deps.ts';
import { serverOf } from './mailbox.ts';
import { tlsOf } from './verify.ts';

/**
 * The mailer of a two-way account (`emailAPI` `email-engine`): its own SMTP server, from its own
 * address, so customers see the business's mailbox and reply into it (its Reply-To carries the
 * message's reply token, `reply-token.ts`). Undefined for a one-way
 * account or one whose mailbox is gone: the service's mailer sends as before. Same Message-ID
 * (from the delivery id) and headers as the service's, so replies thread the same way; the
 * business's server keeps no idempotency key, so, as with SES, a delivery repeated after a
 * crash between its send and its record can repeat the mail (with the same Message-ID).
 */
export async function businessMailer(
  s: Deps,
  account: Account,
): Promise<{ mailer: Mailer; address: string } | undefined> {
  if (account.settings.emailAPI !== 'email-engine') return undefined;
  const mailbox = await s.mailboxes.get(account.accountId);
  if (!mailbox) return undefined;
  const smtp = serverOf(s, account.accountId, mailbox.smtp);
  const mailer = createSmtpMailer({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.auth,
    from: mailbox.email,
    tls: tlsOf(s),
  });
  return { mailer, address: mailbox.email };
}
