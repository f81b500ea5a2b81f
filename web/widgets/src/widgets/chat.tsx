/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import { answerOf, newAttemptKey, type PortalCall, portalCall, type RouteAnswer } from '../api.ts';
import type { WidgetProps } from '../context.ts';
import { defineWidget } from '../define-widget.tsx';
import { MeGate, refusalText, useMe } from '../me.tsx';
import { text } from '../text.ts';

type Sent = RouteAnswer<PortalCall['api']['me']['chat']['$post']>;

/**
 * A message to the business: it lands in their inbox. Out of the business's working hours it is
 * still sent, and the business's out-of-hours message is shown. The key is drawn once per message
 * (a retry of the same message sends it once).
 */
function Chat({ portal }: WidgetProps) {
  const { state } = useMe(portal, ({ api, param, headers }) => api.me.chat.$get({ param }, { headers }));
  const [message, setMessage] = useState('');
  const [attempt, setAttempt] = useState(newAttemptKey);
  const [sent, setSent] = useState<Sent>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const t = portal.data?.text;
  const send = async (event: Event) => {
    event.preventDefault();
    if (!message.trim() || busy) return;
    setBusy(true);
    setError(undefined);
    const { api, param, headers } = portalCall(portal, attempt);
    const answer = await answerOf(api.me.chat.$post({ param, json: { message } }, { headers }));
    setBusy(false);
    if (!answer.ok) return setError(refusalText(portal, answer.code));
    portal.emit('chat-sent');
    setSent(answer.data);
    setMessage('');
    setAttempt(newAttemptKey());
  };
  return (
    <MeGate portal={portal} state={state} title={text(t, 'portal.chat.title')}>
      {(now) => (
        <form onSubmit={send} noValidate>
          {!now.open && now.outOfHoursMessage && <p class="muted">{now.outOfHoursMessage}</p>}
          <label for="rw-chat">{text(t, 'portal.chat.label')}</label>
          <textarea
            id="rw-chat"
            rows={3}
            maxLength={2000}
            value={message}
            onInput={(e) => setMessage((e.target as HTMLTextAreaElement).value)}
          />
          {sent && (
            <p role="status">
              {text(t, 'portal.chat.sent')}
              {!sent.open && sent.outOfHoursMessage ? ` ${sent.outOfHoursMessage}` : ''}
            </p>
          )}
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" disabled={busy || !message.trim()}>
            {text(t, 'portal.chat.send')}
          </button>
        </form>
      )}
    </MeGate>
  );
}

export default defineWidget(Chat);
