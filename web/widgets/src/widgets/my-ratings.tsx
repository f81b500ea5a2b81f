/** @jsxImportSource preact */
import type { WidgetProps } from '../context.ts';
import { defineWidget } from '../define-widget.tsx';
import { text } from '../text.ts';

/**
 * The business's published ratings. Roundwise does not collect ratings yet, so there are none to
 * publish: the widget says so plainly rather than showing an empty box.
 */
function MyRatings({ portal }: WidgetProps) {
  const t = portal.data?.text;
  return (
    <section>
      <h2>{text(t, 'portal.my-ratings.title')}</h2>
      <p class="muted">{text(t, 'portal.my-ratings.empty')}</p>
    </section>
  );
}

export default defineWidget(MyRatings);
