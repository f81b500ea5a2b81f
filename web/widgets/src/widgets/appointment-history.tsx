/** @jsxImportSource preact */
import type { WidgetProps } from '../context.ts';
import { defineWidget } from '../define-widget.tsx';
import { formatDay, formatMoney, MeGate, useMe } from '../me.tsx';
import { text } from '../text.ts';
import { LIST_CSS } from '../visit.ts';

/** The past year's visits, done or skipped; their files when the business shares them. */
function AppointmentHistory({ portal }: WidgetProps) {
  const { state } = useMe(portal, ({ api, param, headers }) =>
    api.me.visits.history.$get({ param }, { headers }),
  );
  const t = portal.data?.text;
  return (
    <MeGate portal={portal} state={state} title={text(t, 'portal.history.title')}>
      {({ visits, attachments }) =>
        visits.length === 0 ? (
          <p class="muted">{text(t, 'portal.history.empty')}</p>
        ) : (
          <ul class="list">
            {visits.map((v) => (
              <li key={`${v.jobId}-${v.isoDueDate}`}>
                <strong>{formatDay(v.date)}</strong>
                <span class="muted">{text(t, `portal.visit.${v.status}`)}</span>
                <span>{formatMoney(v.price)}</span>
                {attachments
                  .filter((a) => a.related.includes(v.jobId))
                  .map((a) => (
                    <span key={a.id} class="muted">
                      {a.name}
                    </span>
                  ))}
              </li>
            ))}
          </ul>
        )
      }
    </MeGate>
  );
}

export default defineWidget(AppointmentHistory, LIST_CSS);
