/** @jsxImportSource preact */
import type { WidgetProps } from '../context.ts';
import { defineWidget } from '../define-widget.tsx';
import { MeGate, useMe } from '../me.tsx';
import { text } from '../text.ts';

/**
 * Direct debit: the mandate on file and its state, or the sign-up through the customer's existing
 * payment link (`/go/p/...`, the provider's own form), opened in a new tab, never inside the frame.
 */
function AutomaticPayments({ portal }: WidgetProps) {
  const { state } = useMe(portal, ({ api, param, headers }) => api.me.payments.$get({ param }, { headers }));
  const t = portal.data?.text;
  return (
    <MeGate portal={portal} state={state} title={text(t, 'portal.autopay.title')}>
      {({ automaticPayment, offered, links }) =>
        automaticPayment ? (
          <p>{text(t, 'portal.autopay.on-file', { status: automaticPayment.status })}</p>
        ) : offered.includes('direct-debit') ? (
          <div>
            <p>{text(t, 'portal.autopay.offer')}</p>
            <a class="button" href={links.directDebit} target="_blank" rel="noopener">
              {text(t, 'portal.autopay.set-up')}
            </a>
          </div>
        ) : (
          <p class="muted">{text(t, 'portal.autopay.not-offered')}</p>
        )
      }
    </MeGate>
  );
}

export default defineWidget(
  AutomaticPayments,
  '.button{display:inline-block;padding:8px 16px;min-height:44px;line-height:28px;border-radius:6px;background:var(--rw-primary,#4f46e5);color:var(--rw-on-primary,#fff);text-decoration:none}',
);
