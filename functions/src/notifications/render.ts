import { Notifications } from '@roundwise/core';
import { html } from 'hono/html';

type Notification = Notifications.Notification;

/**
 * A message as a small HTML page: the email content view (`/api/email-engine/{id}/content`), the
 * server view of a message (`/api/notifications/view/{id}`) and the public message link. The
 * content is text, escaped; line breaks kept.
 */
export function messagePage(n: Notification, businessName: string) {
  const content = Notifications.contentOf(n);
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${n.subject ?? `Message from ${businessName}`}</title></head>
<body style="font:15px system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#0f172a">
<p style="color:#64748b">${businessName} · ${n.createdDate.slice(0, 10)}</p>
${n.subject ? html`<h1 style="font-size:1.3rem">${n.subject}</h1>` : ''}
<div style="white-space:pre-wrap">${content}</div>
</body></html>`;
}
