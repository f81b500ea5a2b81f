import { errorMessages, type Quotes } from '@roundwise/core';
import { html, raw } from 'hono/html';
import { PUBLIC_COLOURS } from '../public-page-colours.ts';
import type { QuoteDocument } from './document.ts';

type Item = QuoteDocument['items'][number];

export interface PageModel {
  doc: QuoteDocument;
  contact: Pick<Quotes.QuoteSettings, 'email' | 'phone' | 'website'>;
  state: Quotes.QuoteState | 'expired';
  acceptedAt?: string;
  declineReason?: string;
  preview: boolean;
  /** A refusal to show above the forms (a decline without a reason). */
  error?: string;
  /** The forms' idempotency key: a post sent twice is one answer (customer-answers.ts). */
  attempt: string;
  /** The quote's files, each linked as `a/{id}` (a redirect to a short-lived link, quote-file.ts). */
  attachments?: { id: string; name: string; size: number }[];
}

const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const CSS = `body{font:16px/1.45 system-ui,-apple-system,sans-serif;margin:0;color:#0f172a;background:#f8fafc}
main{max-width:42rem;margin:0 auto;padding:1.25rem}header{margin-bottom:1rem}h1{font-size:1.4rem;margin:.2rem 0}
.muted{color:#475569;font-size:.9rem}.card{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:1rem;margin:.75rem 0}
h2{font-size:1rem;margin:0 0 .5rem}.row{display:flex;justify-content:space-between;gap:1rem;padding:.35rem 0;border-top:1px solid #f1f5f9}
.row:first-of-type{border-top:0}.num{white-space:nowrap;text-align:right}.total{font-weight:700;font-size:1.1rem}
.banner{padding:.75rem 1rem;border-radius:10px;margin:.75rem 0;font-weight:600}.ok{background:#dcfce7;color:#166534}
.no{background:#fee2e2;color:#991b1b}.info{background:#e0f2fe;color:#075985}textarea{width:100%;box-sizing:border-box;min-height:5rem;font:inherit;padding:.5rem;border:1px solid #cbd5e1;border-radius:8px}
button{font:inherit;font-weight:600;border:0;border-radius:10px;padding:.8rem 1.2rem;cursor:pointer;width:100%;margin-top:.5rem}
.accept{background:${PUBLIC_COLOURS.action};color:${PUBLIC_COLOURS.actionText}}.decline{background:#e2e8f0;color:#0f172a}pre{white-space:pre-wrap;font:inherit;margin:0}`;

function money(amount: number, currency: string) {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** Items grouped by frequency, in the order each frequency first appears (as the summary dialog). */
function byFrequency(items: Item[]): [string, Item[]][] {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const key = item.frequencyDescription || 'One-off';
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups];
}

const formatDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso.slice(0, 10)}T12:00:00Z`));

/** The customer's quote page: the whole page in one reply, no script. */
export function quotePage(m: PageModel) {
  const { doc } = m;
  const c = doc.currency;
  const open = m.state === 'pending' && !m.preview;
  return html`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Quote ${doc.quoteNumber} from ${doc.business}</title><style>${raw(CSS)}</style></head><body><main>
<header><div class="muted">${doc.business}</div><h1>Quote ${doc.quoteNumber}${doc.name ? html` · ${doc.name}` : ''}</h1>
<div class="muted">${doc.customerName ? html`For ${doc.customerName} · ` : ''}Dated ${formatDay(doc.date)} · Valid until ${formatDay(doc.expiry)}</div>
<div class="muted">${[m.contact.email, m.contact.phone, m.contact.website].filter(Boolean).join(' · ')}</div></header>
${m.preview ? html`<div class="banner info">Preview: this is what your customer sees. Nothing is recorded.</div>` : ''}
${m.state === 'accepted' ? html`<div class="banner ok" id="status">Accepted${m.acceptedAt ? html` on ${formatDay(m.acceptedAt)}` : ''}. Thank you.</div>` : ''}
${m.state === 'declined' ? html`<div class="banner no" id="status">Declined${m.declineReason ? html`: ${m.declineReason}` : ''}</div>` : ''}
${m.state === 'expired' ? html`<div class="banner no" id="status">${errorMessages['quote.expired']} Please contact ${doc.business} for a new one.</div>` : ''}
${
  doc.items.length === 0
    ? html`<div class="card">No Quote Line Items</div>`
    : byFrequency(doc.items).map(
        ([frequency, items]) =>
          html`<section class="card"><h2>${frequency}</h2>${items.map(
            (i) =>
              html`<div class="row"><div><div>${i.title}</div>${i.description ? html`<div class="muted">${i.description}</div>` : ''}${
                i.longDescription ? html`<div class="muted">${i.longDescription}</div>` : ''
              }${i.quantity !== 1 ? html`<div class="muted">${i.quantity} × ${money(i.unitPrice, c)}</div>` : ''}</div><div class="num">${money(i.total, c)}</div></div>`,
          )}</section>`,
      )
}
<section class="card"><div class="row"><div>Subtotal</div><div class="num">${money(doc.subtotal, c)}</div></div>
${doc.discountTotal ? html`<div class="row"><div>Discount</div><div class="num">−${money(doc.discountTotal, c)}</div></div>` : ''}
${doc.taxRate ? html`<div class="row"><div>Tax (${Math.round(doc.taxRate * 10000) / 100}%${doc.priceIncludesTax ? ', included' : ''})</div><div class="num">${money(doc.totalTax, c)}</div></div>` : ''}
<div class="row total"><div>Total</div><div class="num" id="total">${money(doc.total, c)}</div></div></section>
${doc.notes ? html`<section class="card"><h2>Notes</h2><pre>${doc.notes}</pre></section>` : ''}
${
  m.attachments?.length
    ? html`<section class="card" id="attachments"><h2>Attachments</h2>${m.attachments.map(
        (a) =>
          html`<div class="row"><a href="a/${a.id}" target="_blank" rel="noopener">${a.name}</a><div class="num muted">${fileSize(a.size)}</div></div>`,
      )}</section>`
    : ''
}
${m.error ? html`<div class="banner no" role="alert">${errorMessages[m.error] ?? m.error}</div>` : ''}
${
  open
    ? html`<section class="card"><form method="post" action="accept"><input type="hidden" name="attempt" value="${m.attempt}"><button class="accept" type="submit">Accept quote</button></form>
<form method="post" action="decline"><input type="hidden" name="attempt" value="${m.attempt}"><h2 style="margin-top:1rem">Not for you?</h2><label for="reason" class="muted">Tell ${doc.business} why (required)</label>
<textarea id="reason" name="reason" maxlength="2000" required></textarea><button class="decline" type="submit">Decline quote</button></form></section>`
    : ''
}
</main></body></html>`;
}

/** A page for a link that leads nowhere (unknown, deleted). */
export function missingPage(code: 'quote.link-not-found' | 'quote.not-found' | 'attachment.not-found') {
  return html`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Quote not available</title><style>${raw(CSS)}</style></head><body><main><div class="card"><h1>Quote not available</h1>
<p id="status">${errorMessages[code]}</p></div></main></body></html>`;
}
