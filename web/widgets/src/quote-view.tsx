/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import { answerOf, newAttemptKey, portalCall } from './api.ts';
import type { PortalContext } from './context.ts';
import { formatDay, formatMoney, MeGate, refusalText, useMe } from './me.tsx';
import { text } from './text.ts';

/**
 * One of the customer's quotes, as the quote page shows it, with accept and decline (a reason
 * asked for): each press one attempt key, so a double tap or a retry answers once.
 */
export function QuoteView({
  portal,
  id,
  onBack,
}: {
  portal: PortalContext;
  id: string;
  onBack?: () => void;
}) {
  const { state, reload } = useMe(
    portal,
    ({ api, param, headers }) => api.me.quotes[':id'].$get({ param: { ...param, id } }, { headers }),
    id,
  );
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const t = portal.data?.text;
  const act = async (verb: 'accept' | 'decline') => {
    setBusy(true);
    setError(undefined);
    const { api, param, headers } = portalCall(portal, newAttemptKey());
    const quote = api.me.quotes[':id'];
    const answer = await answerOf(
      verb === 'decline'
        ? quote.decline.$post({ param: { ...param, id }, json: { reason } }, { headers })
        : quote.accept.$post({ param: { ...param, id }, json: {} }, { headers }),
    );
    setBusy(false);
    if (!answer.ok) return setError(refusalText(portal, answer.code));
    portal.emit(`quote-${verb}ed`, { id });
    setDeclining(false);
    await reload();
  };
  return (
    <MeGate portal={portal} state={state} title={text(t, 'portal.quote.title')}>
      {(q) => (
        <div>
          <p>
            <strong>
              {q.document.quoteNumber} {q.document.name}
            </strong>
          </p>
          <p class="muted">
            {formatDay(q.document.date)} ·{' '}
            {text(t, 'portal.quote.expires', { date: formatDay(q.document.expiry) })}
          </p>
          <ul class="list">
            {q.document.items.map((item) => (
              <li key={`${item.title}-${item.frequencyDescription}-${item.total}`}>
                <span>
                  {item.quantity} × {item.title}
                </span>
                <span class="muted">{item.frequencyDescription}</span>
                <span>{formatMoney(item.total)}</span>
              </li>
            ))}
            <li>
              <strong>{text(t, 'portal.quote.total')}</strong>
              <strong>{formatMoney(q.document.total)}</strong>
            </li>
          </ul>
          <p role="status">{text(t, `portal.quote.state.${q.state}`)}</p>
          {q.state === 'pending' && !declining && (
            <div class="row">
              <button type="button" disabled={busy} onClick={() => act('accept')}>
                {text(t, 'portal.quote.accept')}
              </button>
              <button type="button" class="secondary" disabled={busy} onClick={() => setDeclining(true)}>
                {text(t, 'portal.quote.decline')}
              </button>
            </div>
          )}
          {declining && (
            <div>
              <label for="rw-decline">{text(t, 'portal.quote.decline-reason')}</label>
              <textarea
                id="rw-decline"
                value={reason}
                onInput={(e) => setReason((e.target as HTMLTextAreaElement).value)}
              />
              <button type="button" disabled={busy} onClick={() => act('decline')}>
                {text(t, 'portal.quote.decline')}
              </button>
            </div>
          )}
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          {onBack && (
            <button type="button" class="secondary" onClick={onBack}>
              {text(t, 'portal.me.back')}
            </button>
          )}
        </div>
      )}
    </MeGate>
  );
}
