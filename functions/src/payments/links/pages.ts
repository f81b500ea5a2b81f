import { errorMessages, Payments } from '@roundwise/core';
import { html, raw } from 'hono/html';
import { PUBLIC_COLOURS } from '../../public-page-colours.ts';
import type { CustomerView } from './customer-view.ts';

/**
 * The customer's payment pages (spec 000 section 2.10), drawn on the server like the quote page:
 * plain HTML and forms, no script at all (`payments.public_js_gzip_kb` counts what they load),
 * so they open fast on any phone and load nothing of the staff app.
 */
const CSS = `body{font:16px/1.45 system-ui,-apple-system,sans-serif;margin:0;color:#0f172a;background:#f8fafc}
main{max-width:40rem;margin:0 auto;padding:1.25rem}h1{font-size:1.4rem;margin:.2rem 0}h2{font-size:1.05rem;margin:0 0 .5rem}
.muted{color:#475569;font-size:.9rem}.card{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:1rem;margin:.75rem 0}
.row{display:flex;justify-content:space-between;gap:1rem;padding:.35rem 0;border-top:1px solid #f1f5f9}.row:first-of-type{border-top:0}
.num{white-space:nowrap;text-align:right}.total{font-weight:700;font-size:1.15rem}.banner{padding:.75rem 1rem;border-radius:10px;margin:.75rem 0;font-weight:600}
.ok{background:#dcfce7;color:#166534}.no{background:#fee2e2;color:#991b1b}label{display:block;margin:.5rem 0 .2rem;font-size:.9rem;color:#334155}
input{width:100%;box-sizing:border-box;font:inherit;padding:.55rem;border:1px solid #cbd5e1;border-radius:8px}
button,.button{display:block;text-align:center;text-decoration:none;font:inherit;font-weight:600;border:0;border-radius:10px;padding:.8rem 1.2rem;cursor:pointer;width:100%;margin-top:.75rem;background:${PUBLIC_COLOURS.action};color:${PUBLIC_COLOURS.actionText};box-sizing:border-box}`;

const money = (amount: number, currency: string) => {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
};
const day = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso.slice(0, 10)}T12:00:00Z`));

function frame(title: string, business: string, body: unknown) {
  return html`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><style>${raw(CSS)}</style></head><body><main>
<div class="muted">${business}</div>${body}</main></body></html>`;
}

const refusal = (code: string | undefined) =>
  code ? html`<div class="banner no" role="alert">${errorMessages[code] ?? code}</div>` : '';

const MANDATE_TEXT: Record<string, string> = {
  pending: 'Your Direct Debit is being set up. It is usually active within 3 working days.',
  active: 'Your automatic payments are set up and active.',
  failed: 'Setting up your Direct Debit failed. Please try again or contact us.',
  cancelled: 'Your Direct Debit has been cancelled.',
};

export interface PageState {
  attempt: string;
  error?: string;
}

/** `/go/p/{token}`: sign up to pay by direct debit or by card. */
export function signUpPage(v: CustomerView, p: PageState) {
  const meta = v.customer.paymentProviderMetaData;
  const state = meta?.status ? MANDATE_TEXT[meta.status] : undefined;
  const dd = v.offered.includes('direct-debit');
  const card = v.offered.includes('card');
  return frame(
    `Set up payments with ${v.account.businessName}`,
    v.account.businessName,
    html`<h1>Set up automatic payments</h1><div class="muted">For ${v.customer.name}</div>
${state ? html`<div class="banner ${meta?.status === 'failed' || meta?.status === 'cancelled' ? 'no' : 'ok'}" id="status">${state}</div>` : ''}
${refusal(p.error)}
${!dd && !card ? html`<div class="card" id="status">${v.account.businessName} does not take automatic payments online yet.</div>` : ''}
${
  dd
    ? html`<form class="card" method="post" action="${v.token}/direct-debit"><h2>Pay by Direct Debit</h2>
<input type="hidden" name="attempt" value="${p.attempt}">
<label for="accountHolder">Account holder name</label><input id="accountHolder" name="accountHolder" autocomplete="name" required maxlength="100">
<label for="sortCode">Sort code</label><input id="sortCode" name="sortCode" inputmode="numeric" required maxlength="8" placeholder="00-00-00">
<label for="accountNumber">Account number</label><input id="accountNumber" name="accountNumber" inputmode="numeric" required maxlength="8">
<button type="submit">Set up Direct Debit</button></form>`
    : ''
}
${
  card
    ? html`<form class="card" method="post" action="${v.token}/card"><h2>Pay by card</h2>
<input type="hidden" name="attempt" value="${p.attempt}">${cardFields()}
<button type="submit">Save card</button></form>`
    : ''
}`,
  );
}

const cardFields =
  () => html`<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required maxlength="19">
<label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" required maxlength="5" placeholder="MM/YY">
<label for="cvc">Security code</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4">`;

/** `/go/a/{token}/`: what the customer owes, their invoices and payments, and Pay. */
export function accountPage(v: CustomerView, p: PageState & { paid?: boolean }) {
  const currency = v.account.settings.currency ?? 'GBP';
  const open = new Map(Payments.invoicesWithOutstanding(v.transactions).map((o) => [o.invoiceId, o]));
  const invoices = v.transactions
    .filter((t) => t.transactionType === 'Invoice' && Payments.isStanding(t))
    .sort((a, b) => b.date.localeCompare(a.date));
  const payments = v.transactions
    .filter((t) => Payments.isPayment(t) && Payments.isStanding(t) && t.amount < 0)
    .sort((a, b) => b.date.localeCompare(a.date));
  return frame(
    `Your account with ${v.account.businessName}`,
    v.account.businessName,
    html`<h1>Your account</h1><div class="muted">${v.customer.name}</div>
${p.paid ? html`<div class="banner ok" id="status">Thank you: your payment has been taken and is being confirmed.</div>` : ''}
<section class="card"><div class="row total"><div>${v.balance < 0 ? 'In credit' : 'You owe'}</div><div class="num" id="balance">${money(Math.abs(v.balance), currency)}</div></div>
${v.balance > 0 ? (v.offered.includes('card') ? html`<a class="button" href="stripe/card">Pay ${money(v.balance, currency)} by card</a>` : howToPay(v)) : ''}</section>
<section class="card"><h2>Invoices</h2>${
      invoices.length === 0
        ? html`<div class="muted">No invoices yet.</div>`
        : invoices.map((i) => {
            const left = open.get(i._id)?.outstanding ?? 0;
            return html`<div class="row"><div>${i.invoiceNumber ?? 'Invoice'} · ${day(i.date)}<div class="muted">${i.description}${left > 0 ? html` · ${money(left, currency)} to pay` : ' · paid'}</div></div><div class="num">${money(i.amount, currency)}</div></div>`;
          })
    }</section>
<section class="card"><h2>Payments</h2>${
      payments.length === 0
        ? html`<div class="muted">No payments yet.</div>`
        : payments.map(
            (t) =>
              html`<div class="row"><div>${day(t.date)}<div class="muted">${t.description}${t.status === 'pending' ? ' · pending' : ''}</div></div><div class="num">${money(-t.amount, currency)}</div></div>`,
          )
    }</section>`,
  );
}

/**
 * With no card payments offered, the page says how to pay instead of leaving "You owe" alone:
 * the business's own contact details (its invoice email and phone, else its reply-to address).
 */
function howToPay(v: CustomerView) {
  const s = v.account.settings;
  const email = s.invoiceSettings.email?.trim() || s.customReplyTo.trim();
  const phone = s.invoiceSettings.phone?.trim();
  return html`<p id="how-to-pay">To pay, please contact ${v.account.businessName}${
    email || phone
      ? html`: ${email ? html`<a href="mailto:${email}">${email}</a>` : ''}${email && phone ? ' or ' : ''}${phone ? html`<a href="tel:${phone.replace(/\s+/g, '')}">${phone}</a>` : ''}`
      : ''
  }. They will tell you how to pay, for example by bank transfer.</p>`;
}

/** `/go/a/{token}/stripe/card`: pay the balance by card. */
export function cardPage(v: CustomerView, p: PageState) {
  const currency = v.account.settings.currency ?? 'GBP';
  return frame(
    `Pay ${v.account.businessName} by card`,
    v.account.businessName,
    html`<h1>Pay by card</h1><div class="muted">${v.customer.name}</div>${refusal(p.error)}
${
  v.balance > 0 && v.offered.includes('card')
    ? html`<form class="card" method="post" action="card"><div class="row total"><div>To pay</div><div class="num" id="amount">${money(v.balance, currency)}</div></div>
<input type="hidden" name="attempt" value="${p.attempt}">${cardFields()}<button type="submit">Pay ${money(v.balance, currency)}</button></form>`
    : html`<div class="card" id="status">${v.balance > 0 ? errorMessages['payments.provider-not-connected'] : errorMessages['payments.nothing-to-collect']}</div>`
}
<a href="../">Back to your account</a>`,
  );
}

export function linkMissingPage() {
  return frame(
    'Link not available',
    '',
    html`<div class="card"><h1>Link not available</h1><p id="status">${errorMessages['payments.link-not-found']}</p></div>`,
  );
}
