import type { Notifications } from '@roundwise/core';

/** The public unsubscribe link of a campaign email (`/api/go/u/{token}`: its message's link token). */
export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/api/go/u/${token}`;

/**
 * An email whose message is a template's HTML: a campaign's, and any other made from a template
 * (`templateId`: a price change's notice). Every other message is text.
 */
export const isHtmlMail = (n: Notifications.Notification) =>
  n.type === 'Email' && !!(n.campaignId || n.templateId);

/** The template's HTML as plain text, for the mail's text part. */
function textOf(html: string) {
  return html
    .replace(/<(style|script)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|h[1-6]|li|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A campaign email's parts (spec 002 section 9, "the unsubscribe placeholder is inserted in
 * emails"): the template's HTML with an unsubscribe link at its foot (or where the template put
 * `[unsubscribe]`), its text part, and the RFC 8058 one-click headers, which mail clients show
 * as their own unsubscribe button and POST to without opening a page.
 */
export function campaignMail(n: Notifications.Notification, publicUrl: string, linkToken: string) {
  const url = unsubscribeUrl(publicUrl, linkToken);
  const html = typeof n.message === 'string' ? n.message : n.message.content;
  const link = `<a href="${url}">Unsubscribe</a>`;
  const body = html.includes('[unsubscribe]')
    ? html.replaceAll('[unsubscribe]', link)
    : `${html}<p style="font:12px sans-serif;color:#64748b;text-align:center">${link} from these emails.</p>`;
  return {
    html: body,
    text: `${textOf(html.replaceAll('[unsubscribe]', ''))}\n\nUnsubscribe: ${url}`,
    headers: {
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * An email made from a template that is not a campaign's (a price change's notice): its HTML and
 * text parts as they are. It is a service message about the customer's own account, not
 * marketing, so it carries no unsubscribe link.
 */
export function templateMail(n: Notifications.Notification) {
  const html = typeof n.message === 'string' ? n.message : n.message.content;
  return { html, text: textOf(html), headers: {} };
}
