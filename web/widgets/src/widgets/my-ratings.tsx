/** @jsxImportSource preact */
import type { WidgetProps } from '../context.ts';
import { defineWidget } from '../define-widget.tsx';
import { text } from '../text.ts';

/** The business's published ratings; until it has any, says so rather than showing an empty box. */
function MyRatings({ portal }: WidgetProps) {
  const t = portal.data?.text;
  const ratings = portal.data?.ratings ?? [];
  return (
    <section>
      <h2>{text(t, 'portal.my-ratings.title')}</h2>
      {ratings.length === 0 ? (
        <p class="muted">{text(t, 'portal.my-ratings.empty')}</p>
      ) : (
        <ul>
          {ratings.map((rating) => (
            <li key={`${rating.date}-${rating.name}`}>
              <span role="img" aria-label={`${rating.stars} / 5`}>
                {'★'.repeat(rating.stars)}
                {'☆'.repeat(5 - rating.stars)}
              </span>{' '}
              <strong>{rating.name}</strong>
              <p>{rating.comment}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default defineWidget(
  MyRatings,
  '.rw ul{list-style:none;margin:0;padding:0}.rw li{padding:8px 0;border-top:1px solid var(--rw-divider,#e5e7eb)}.rw [role=img]{color:#d97706}',
);
