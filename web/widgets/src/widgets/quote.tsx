/** @jsxImportSource preact */
import type { WidgetProps } from '../context.ts';
import { defineWidget } from '../define-widget.tsx';
import { MeGate, useMe } from '../me.tsx';
import { QuoteView } from '../quote-view.tsx';
import { text } from '../text.ts';
import { LIST_CSS } from '../visit.ts';

/** One quote: the one the element names (`data-quote-id`, in the settings), else the newest pending. */
function Quote({ portal, settings }: WidgetProps<{ quoteId?: string }>) {
  const { state } = useMe(portal, ({ api, param, headers }) => api.me.quotes.$get({ param }, { headers }));
  const t = portal.data?.text;
  if (state.kind === 'ready') {
    const id = settings.quoteId ?? state.data.quotes.find((q) => q.state === 'pending')?.id;
    if (id) return <QuoteView portal={portal} id={id} />;
  }
  return (
    <MeGate portal={portal} state={state} title={text(t, 'portal.quote.title')}>
      {() => <p class="muted">{text(t, 'portal.quotes.empty')}</p>}
    </MeGate>
  );
}

export default defineWidget(Quote, LIST_CSS);
