/** @jsxImportSource preact */
import type { WidgetProps } from '../context.ts';
import { defineWidget } from '../define-widget.tsx';
import { formatDay, formatMoney, MeGate, useMe } from '../me.tsx';
import { text } from '../text.ts';
import { LIST_CSS } from '../visit.ts';

/** The customer's next visits, as many as the business's limit allows (the server applies it). */
function UpcomingAppointments({ portal }: WidgetProps) {
  const { state } = useMe(portal, ({ api, param, headers }) =>
    api.me.visits.upcoming.$get({ param }, { headers }),
  );
  const t = portal.data?.text;
  return (
    <MeGate portal={portal} state={state} title={text(t, 'portal.upcoming.title')}>
      {({ visits }) =>
        visits.length === 0 ? (
          <p class="muted">{text(t, 'portal.upcoming.empty')}</p>
        ) : (
          <ul class="list">
            {visits.map((v) => (
              <li key={`${v.jobId}-${v.isoDueDate}`}>
                <strong>{formatDay(v.date)}</strong>
                <span class="muted">{v.services.filter(Boolean).join(', ') || v.address}</span>
                <span>{formatMoney(v.price)}</span>
              </li>
            ))}
          </ul>
        )
      }
    </MeGate>
  );
}

export default defineWidget(UpcomingAppointments, LIST_CSS);
