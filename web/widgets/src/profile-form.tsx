/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import { answerOf, newAttemptKey, type PortalCall, portalCall, type RouteAnswer } from './api.ts';
import type { PortalContext } from './context.ts';
import { refusalText } from './me.tsx';
import { text } from './text.ts';

type Profile = RouteAnswer<PortalCall['api']['me']['profile']['$get']>;

const FIELDS = ['name', 'email', 'mobileNumber', 'telephoneNumber', 'address'] as const;

/** The customer's details to edit; the billing address only when the business allows it. */
export function ProfileForm({
  portal,
  profile,
  onDone,
}: {
  portal: PortalContext;
  profile: Profile;
  onDone: () => void;
}) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(FIELDS.map((f) => [f, profile[f]])),
  );
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const t = portal.data?.text;
  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const changes = Object.fromEntries(
      FIELDS.filter((f) => values[f] !== profile[f]).map((f) => [f, values[f]]),
    );
    const { api, param, headers } = portalCall(portal, newAttemptKey());
    const answer = await answerOf(api.me.profile.$put({ param, json: changes }, { headers }));
    setBusy(false);
    if (!answer.ok) return setError(refusalText(portal, answer.code));
    onDone();
  };
  return (
    <form onSubmit={save} noValidate>
      {FIELDS.filter((f) => f !== 'address' || profile.canEditBillingAddress).map((f) => (
        <div key={f}>
          <label for={`rw-${f}`}>{text(t, `portal.profile.${f}`)}</label>
          <input
            id={`rw-${f}`}
            value={values[f]}
            onInput={(e) => setValues({ ...values, [f]: (e.target as HTMLInputElement).value })}
          />
        </div>
      ))}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="row">
        <button type="submit" disabled={busy}>
          {text(t, 'portal.profile.save')}
        </button>
        <button type="button" class="secondary" onClick={onDone}>
          {text(t, 'portal.me.back')}
        </button>
      </div>
    </form>
  );
}
