import { type Account, Notifications } from '@roundwise/core';
import type { Deps } from '../context.ts';
import { PermanentSendError } from '../context.ts';
import { businessMailer } from '../email-engine/business-mailer.ts';
import { issueReplyTo } from '../email-engine/reply-token.ts';
import { campaignMail, isHtmlMail, templateMail } from '../send/campaign-mail.ts';
import { withLinks } from './merge-links.ts';

type Notification = Notifications.Notification;

/** The header a message to a customer carries its delivery id in (the mail sink's callbacks quote it). */
export const DELIVERY_HEADER = 'X-Roundwise-Delivery';

/**
 * Hands one notification to its provider under its delivery id (the idempotency key): an email
 * through the mailer (its Message-ID is derived from the same id), an SMS through the SMS
 * provider. Returns the provider's id. SMTP's 5xx answers are refusals for good.
 */
export async function sendOne(
  s: Deps,
  account: Account,
  original: Notification,
  linkToken: string,
): Promise<string> {
  const key = Notifications.deliveryId(account.accountId, original);
  const n = await withLinks(s, account.accountId, original, linkToken);
  const content = Notifications.contentOf(n);
  if (n.type === 'SMS') return (await s.sms.send({ to: n.address, body: content, key })).id;
  // A campaign email is the template's HTML, with its unsubscribe link and one-click headers;
  // another email made from a template is its HTML as it is.
  const fromTemplate = !isHtmlMail(n)
    ? undefined
    : n.campaignId
      ? campaignMail(n, s.publicUrl, linkToken)
      : templateMail(n);
  // Two-way: through the business's own SMTP server, from its mailbox (replies come back to it).
  const own = await businessMailer(s, account);
  // Two-way: replies come to the business's mailbox, addressed with this message's reply token.
  const ownReplyTo = own && (await issueReplyTo(s, account.accountId, own.address, n._id));
  try {
    await (own?.mailer ?? s.mailer).send({
      id: key,
      to: n.address,
      subject: n.subject || `A message from ${account.businessName}`,
      text: fromTemplate?.text ?? content,
      ...(fromTemplate ? { html: fromTemplate.html } : {}),
      // From the business, answered to its reply-to address (else the one on its invoices).
      fromName: account.businessName,
      ...(own
        ? ownReplyTo
          ? { replyTo: ownReplyTo }
          : {}
        : replyTo(account)
          ? { replyTo: replyTo(account) }
          : {}),
      headers: { ...fromTemplate?.headers, [DELIVERY_HEADER]: key },
    });
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode;
    if (code !== undefined && code >= 500) throw new PermanentSendError(String((error as Error).message));
    throw error;
  } finally {
    own?.mailer.close?.();
  }
  return key;
}

const replyTo = (account: Account) =>
  account.settings.customReplyTo.trim() || account.settings.invoiceSettings.email?.trim() || '';
