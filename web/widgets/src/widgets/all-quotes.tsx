/** @jsxImportSource preact */

import { useState } from 'preact/hooks';
import type { WidgetProps } from '../context.ts';
import { defineWidget } from '../define-widget.tsx';
import { formatDay, formatMoney, MeGate, useMe } from '../me.tsx';
import { QuoteView } from '../quote-view.tsx';
import { text } from '../text.ts';
import { LIST_CSS } from '../visit.ts';

/** The customer's quotes; one opened shows its document with accept and decline. */
function AllQuotes({ portal }: WidgetProps) {
  const { state, reload } = useMe(portal, ({ api, param, headers }) =>
    api.me.quotes.$get({ param }, { headers }),
  );
  const [open, setOpen] = useState<string>();
  const t = portal.data?.text;
  if (open)
    return (
      <QuoteView
        portal={portal}
        id={open}
        onBack={() => {
          setOpen(undefined);
          void reload();
        }}
      />
    );
  return (
    <MeGate portal={portal} state={state} title={text(t, 'portal.quotes.title')}>
      {({ quotes }) =>
        quotes.length === 0 ? (
          <p class="muted">{text(t, 'portal.quotes.empty')}</p>
        ) : (
          <ul class="list">
            {quotes.map((q) => (
              <li key={q.id}>
                <button type="button" class="secondary" onClick={() => setOpen(q.id)}>
                  {q.quoteNumber} {q.name}
                </button>
                <span class="muted">{formatDay(q.date)}</span>
                <span>{formatMoney(q.total)}</span>
                <span class="muted">{text(t, `portal.quote.state.${q.state}`)}</span>
              </li>
            ))}
          </ul>
        )
      }
    </MeGate>
  );
}

export default defineWidget(AllQuotes, LIST_CSS);
