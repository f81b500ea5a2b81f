/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import { answerOf, newAttemptKey, portalCall } from '../api.ts';
import type { WidgetProps } from '../context.ts';
import { defineWidget } from '../define-widget.tsx';
import { formatMoney, MeGate, refusalText, useMe } from '../me.tsx';
import { text } from '../text.ts';

/**
 * The business's prepayment options, paid with the card or mandate on file (one attempt key per
 * choice: a double tap pays once). With none on file, the customer's card page link.
 */
function StripePrePay({ portal }: WidgetProps) {
  const { state } = useMe(portal, ({ api, param, headers }) => api.me.payments.$get({ param }, { headers }));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const t = portal.data?.text;
  const pay = async (label: string, key: string) => {
    setBusy(true);
    setMessage(undefined);
    const { api, param, headers } = portalCall(portal, key);
    const answer = await answerOf(api.me.prepay.$post({ param, json: { label } }, { headers }));
    setBusy(false);
    if (answer.ok) {
      portal.emit('prepaid', { label });
      setMessage({ ok: true, text: text(t, 'portal.prepay.done', { label }) });
    } else setMessage({ ok: false, text: refusalText(portal, answer.code) });
  };
  return (
    <MeGate portal={portal} state={state} title={text(t, 'portal.prepay.title')}>
      {({ prepayOptions, automaticPayment, links }) =>
        prepayOptions.length === 0 ? (
          <p class="muted">{text(t, 'portal.prepay.none')}</p>
        ) : (
          <div>
            <div class="row">
              {prepayOptions.map((o) => (
                <button
                  key={o.label}
                  type="button"
                  disabled={busy || !automaticPayment}
                  onClick={() => pay(o.label, newAttemptKey())}
                >
                  {o.label} · {formatMoney(o.amount)}
                </button>
              ))}
            </div>
            {!automaticPayment && (
              <p class="muted">
                <a href={links.card} target="_blank" rel="noopener">
                  {text(t, 'portal.prepay.add-card')}
                </a>
              </p>
            )}
            {message && (
              <p class={message.ok ? '' : 'error'} role={message.ok ? 'status' : 'alert'}>
                {message.text}
              </p>
            )}
          </div>
        )
      }
    </MeGate>
  );
}

export default defineWidget(StripePrePay);
