/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { type Answer, type AnyCall, answerOf, type PortalCall, portalCall } from './api.ts';
import type { PortalContext } from './context.ts';
import { type TextKey, text } from './text.ts';
import { useSession } from './use-session.ts';

/**
 * The signed-in customer's own data for a framed widget (`/api/portal/{handle}/me/...`, with the
 * session the host handed the frame): read when the session arrives, again on `reload` (after an
 * action) and when the customer signs in as someone else. `request` makes the typed call
 * (`({ api, param, headers }) => api.me.quotes.$get({ param }, { headers })`); `key` names what it
 * reads when that can change (a quote's id), so a new one is read.
 */
export type MeState<T> =
  | { kind: 'signed-out' }
  | { kind: 'loading' }
  | { kind: 'failed'; code: string }
  | { kind: 'ready'; data: T };

export function useMe<R extends AnyCall>(
  portal: PortalContext,
  request: (call: PortalCall) => Promise<R>,
  key = '',
) {
  const session = useSession(portal);
  const [state, setState] = useState<MeState<Answer<R>>>(
    session ? { kind: 'loading' } : { kind: 'signed-out' },
  );
  const latest = useRef(request);
  latest.current = request;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for what the request reads
  const load = useCallback(async () => {
    if (!portal.session()) return setState({ kind: 'signed-out' });
    const answer = await answerOf(latest.current(portalCall(portal)));
    if (answer.ok) setState({ kind: 'ready', data: answer.data });
    else if (answer.status === 401) setState({ kind: 'signed-out' });
    else setState({ kind: 'failed', code: answer.code });
  }, [portal, key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again whenever the session changes
  useEffect(() => {
    void load();
  }, [load, session?.token]);
  return { state, reload: load };
}

/** What a framed widget shows until its data is there: sign in first, loading, or the failure. */
export function MeGate<T>({
  portal,
  state,
  title,
  children,
}: {
  portal: PortalContext;
  state: MeState<T>;
  title: string;
  children: (data: T) => ComponentChildren;
}) {
  const t = portal.data?.text;
  // Signed in but not yet answered is loading too. `aria-busy`: the frame reports no height while
  // it is set (web/widgets/src/size.ts), so the host does not shrink to this and grow back.
  const busy = state.kind === 'loading' || (state.kind === 'signed-out' && !!portal.session());
  return (
    <section aria-label={title} aria-busy={busy}>
      <h2>{title}</h2>
      {state.kind === 'signed-out' && !busy && <p class="muted">{text(t, 'portal.me.sign-in-first')}</p>}
      {busy && (
        <p class="muted" role="status">
          {text(t, 'portal.me.loading')}
        </p>
      )}
      {state.kind === 'failed' && (
        <p class="error" role="alert">
          {text(t, state.code === 'network' ? 'portal.error.offline' : 'portal.error.generic')}
        </p>
      )}
      {state.kind === 'ready' && children(state.data)}
    </section>
  );
}

/** The refusals a customer can do something about, in words; anything else is the generic failure. */
const REFUSALS: Partial<Record<string, TextKey>> = {
  'portal.cancel-not-allowed': 'portal.refusal.cancel-not-allowed',
  'portal.billing-address-locked': 'portal.refusal.billing-address-locked',
  'payments.no-automatic-payment-method': 'portal.refusal.no-payment-method',
  'quote.expired': 'portal.refusal.quote-expired',
  'quote.decline-reason-required': 'portal.refusal.decline-reason',
  'portal.view-only': 'portal.refusal.view-only',
};

export function refusalText(portal: PortalContext, code: string) {
  const key = code === 'network' ? 'portal.error.offline' : (REFUSALS[code] ?? 'portal.error.generic');
  return text(portal.data?.text, key);
}

const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
export const formatMoney = (amount: number) => money.format(amount);

const day = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** A calendar day (`YYYY-MM-DD`) as words: the day itself, wherever the viewer is. */
export const formatDay = (iso: string) => day.format(new Date(`${iso}T00:00:00Z`));
