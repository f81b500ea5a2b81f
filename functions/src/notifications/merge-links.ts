import {
  escapeHtml,
  fillMergeFields,
  findMergeFields,
  type MergeValues,
  Notifications,
  Quotes,
  usesCustomerPage,
} from '@roundwise/core';
import { readAccount } from '../commands/write-account.ts';
import type { Deps } from '../context.ts';
import { linkKeyOf, linksOf } from '../payments/links/link-keys.ts';
import { isHtmlMail } from '../send/campaign-mail.ts';

type Notification = Notifications.Notification;

/**
 * The message with its link fields filled (`LINK_FIELDS`): `[pay-link]` and `[portal-link]` the
 * customer's own account page, where they see what they owe and pay, `[quote-link]` the public
 * page of the quote a quote mail is for. Filled here, as it is sent, because the links' tokens
 * and address are the server's (payments/links, docs/public-links.md); the stored message keeps
 * the fields, so a resend builds the same links. A `[quote-link]` in a message that is not a
 * quote's stays as written, like `[quote-number]`; so does a `[rating-link]` in a message about no
 * visit.
 */
export async function withLinks(
  s: Deps,
  accountId: string,
  n: Notification,
  linkToken = '',
): Promise<Notification> {
  const content = Notifications.contentOf(n);
  const fields = findMergeFields(`${n.subject ?? ''}\n${content}`);
  const values: MergeValues = {};
  if (usesCustomerPage(fields)) {
    const account = linksOf(s, await linkKeyOf(s, accountId, n.customerId)).account;
    // The portal link is the account page until the customer portal exists (merge-fields.ts).
    values['pay-link'] = account;
    values['portal-link'] = account;
  }
  if (fields.includes('quote-link') && n.relatedItemId) {
    const quote = await readAccount(s, accountId).get<Quotes.Quote>('quote', n.relatedItemId);
    if (quote?.linkToken && quote.customerId === n.customerId)
      values['quote-link'] = `${s.publicUrl}${Quotes.quoteLinkPath(quote.linkToken)}`;
  }
  // The message's own token opens the rating page of the visit it names (ratings/rate-visit.ts).
  if (fields.includes('rating-link') && n.jobOccurrenceReminderId && linkToken)
    values['rating-link'] = `${s.publicUrl}/go/m/${linkToken}/rate`;
  if (Object.keys(values).length === 0) return n;
  // An email made from a template is its HTML; every other message is text.
  const encode = isHtmlMail(n) ? escapeHtml : undefined;
  const message =
    typeof n.message === 'string'
      ? fillMergeFields(n.message, values, encode)
      : { ...n.message, content: fillMergeFields(n.message.content, values, encode) };
  return { ...n, message, ...(n.subject ? { subject: fillMergeFields(n.subject, values) } : {}) };
}
