import { escapeHtml, fillMergeFields, findMergeFields, Notifications } from '@roundwise/core';
import type { Deps } from '../context.ts';
import { linkKeyOf, linksOf } from '../payments/links/link-keys.ts';

type Notification = Notifications.Notification;

/**
 * The message with its `[pay-link]` filled: the customer's own account page, where they see what
 * they owe and pay. Filled here, as it is sent, because the link's key is the server's
 * (payments/links); the stored message keeps the field, so a resend builds the same link.
 */
export async function withLinks(s: Deps, accountId: string, n: Notification): Promise<Notification> {
  const content = Notifications.contentOf(n);
  if (!findMergeFields(`${n.subject ?? ''}\n${content}`).includes('pay-link')) return n;
  const link = linksOf(s, await linkKeyOf(s, accountId, n.customerId)).account;
  const values = { 'pay-link': link };
  // A campaign email is the template's HTML; every other message is text.
  const encode = n.campaignId && n.type === 'Email' ? escapeHtml : undefined;
  const message =
    typeof n.message === 'string'
      ? fillMergeFields(n.message, values, encode)
      : { ...n.message, content: fillMergeFields(n.message.content, values, encode) };
  return { ...n, message, ...(n.subject ? { subject: fillMergeFields(n.subject, values) } : {}) };
}
