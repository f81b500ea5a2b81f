/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import { type ApiAnswer, answerOf, type PortalCall, portalCall, type RouteAnswer } from '../api.ts';
import type { WidgetProps } from '../context.ts';
import { defineWidget } from '../define-widget.tsx';
import { formatDay } from '../me.tsx';
import { text } from '../text.ts';

type Ratings = RouteAnswer<PortalCall['api']['ratings']['$get']>;

/** How many of the newest ratings the widget shows (the count and average are of all of them). */
const SHOWN = 5;

/**
 * The ratings the business chose to publish (from the rating view dialog), newest first, with their
 * average: public, read once when shown. None published: it says so plainly rather than showing
 * an empty box.
 */
function MyRatings({ portal }: WidgetProps) {
  const t = portal.data?.text;
  const [answer, setAnswer] = useState<ApiAnswer<Ratings>>();
  useEffect(() => {
    const { api, param } = portalCall(portal);
    void answerOf(api.ratings.$get({ param, query: { limit: String(SHOWN) } })).then(setAnswer);
  }, [portal]);
  const ratings = answer?.ok ? answer.data : undefined;
  return (
    <section aria-busy={answer ? undefined : 'true'}>
      <h2>{text(t, 'portal.my-ratings.title')}</h2>
      {answer && !ratings && <p class="muted">{text(t, 'portal.error.generic')}</p>}
      {ratings?.count === 0 && <p class="muted">{text(t, 'portal.my-ratings.empty')}</p>}
      {ratings && ratings.count > 0 && (
        <>
          <p class="muted">
            {text(t, ratings.count === 1 ? 'portal.my-ratings.summary-one' : 'portal.my-ratings.summary', {
              average: ratings.average ?? '',
              count: ratings.count,
            })}
          </p>
          <ul>
            {ratings.ratings.map((r) => (
              <li key={`${r.date}-${r.displayName}-${r.feedback}`}>
                <span
                  class="stars"
                  role="img"
                  aria-label={text(t, 'portal.my-ratings.stars', { rating: r.rating })}
                >
                  {'★'.repeat(r.rating)}
                  {'☆'.repeat(5 - r.rating)}
                </span>
                {r.feedback && <q>{r.feedback}</q>}
                <span class="muted">
                  {r.displayName} · {formatDay(r.date)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export default defineWidget(
  MyRatings,
  'ul{list-style:none;margin:0;padding:0}li{display:flex;flex-direction:column;gap:4px;padding:8px 0;border-top:1px solid var(--rw-divider,#e5e7eb)}.stars{color:var(--rw-primary,#4f46e5);letter-spacing:2px}q{font-style:italic}',
);
