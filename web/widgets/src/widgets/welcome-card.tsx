/** @jsxImportSource preact */
import type { WidgetProps } from '../context.ts';
import { defineWidget } from '../define-widget.tsx';
import { text } from '../text.ts';
import { useSession } from '../use-session.ts';

/** The business greets the visitor: its name, logo, summary and how to reach it. */
function WelcomeCard({ portal }: WidgetProps) {
  const session = useSession(portal);
  const business = portal.data;
  if (!business) return null;
  const t = business.text;
  return (
    <section aria-label={business.businessName}>
      <div class="head">
        {business.logo && <img src={business.logo} alt="" width={56} height={56} />}
        <h2>{text(t, 'portal.welcome.title', { business: business.businessName })}</h2>
      </div>
      {session?.customerName && <p>{text(t, 'portal.welcome.signed-in', { name: session.customerName })}</p>}
      {business.summary && <p>{business.summary}</p>}
      {(business.telephone || business.email) && (
        <p class="muted">
          {text(t, 'portal.welcome.contact')}:{' '}
          {business.telephone && <a href={`tel:${business.telephone}`}>{business.telephone}</a>}
          {business.telephone && business.email && ' · '}
          {business.email && <a href={`mailto:${business.email}`}>{business.email}</a>}
        </p>
      )}
      {business.addressDescription && <p class="muted">{business.addressDescription}</p>}
    </section>
  );
}

export default defineWidget(
  WelcomeCard,
  '.head{display:flex;gap:12px;align-items:center;margin:0 0 8px}.head h2{margin:0}.head img{border-radius:8px;object-fit:cover;flex:none}.rw a{color:var(--rw-primary,#4f46e5)}',
);
