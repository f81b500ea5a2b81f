/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import { answerOf, newAttemptKey, portalCall } from '../api.ts';
import type { WidgetProps } from '../context.ts';
import { defineWidget } from '../define-widget.tsx';
import { formatMoney, MeGate, refusalText, useMe } from '../me.tsx';
import { text } from '../text.ts';
import { LIST_CSS, type Visit } from '../visit.ts';

/** Today's visit, and a cancel button when the business allows it (one attempt key per press). */
function TodaysAppointment({ portal }: WidgetProps) {
  const { state, reload } = useMe(portal, ({ api, param, headers }) =>
    api.me.visits.today.$get({ param }, { headers }),
  );
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const t = portal.data?.text;
  const cancel = async (v: Visit) => {
    setBusy(v.jobId);
    setError(undefined);
    const { api, param, headers } = portalCall(portal, newAttemptKey());
    const answer = await answerOf(
      api.me.visits.cancel.$post({ param, json: { jobId: v.jobId, isoDueDate: v.isoDueDate } }, { headers }),
    );
    setBusy(undefined);
    if (!answer.ok) setError(refusalText(portal, answer.code));
    else {
      portal.emit('visit-cancelled', { jobId: v.jobId });
      await reload();
    }
  };
  return (
    <MeGate portal={portal} state={state} title={text(t, 'portal.today.title')}>
      {({ visits, canCancel }) =>
        visits.length === 0 ? (
          <p class="muted">{text(t, 'portal.today.none')}</p>
        ) : (
          <ul class="list">
            {visits.map((v) => (
              <li key={v.jobId}>
                <span>{v.services.filter(Boolean).join(', ') || v.address}</span>
                <span>{formatMoney(v.price)}</span>
                <span class="muted">{text(t, `portal.visit.${v.status}`)}</span>
                {canCancel && v.status === 'not-done' && (
                  <button
                    type="button"
                    class="secondary"
                    disabled={busy === v.jobId}
                    onClick={() => cancel(v)}
                  >
                    {text(t, 'portal.today.cancel')}
                  </button>
                )}
              </li>
            ))}
            {error && (
              <p class="error" role="alert">
                {error}
              </p>
            )}
          </ul>
        )
      }
    </MeGate>
  );
}

export default defineWidget(TodaysAppointment, LIST_CSS);
