/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import { answerOf, portalCall } from '../api.ts';
import type { Session, WidgetProps } from '../context.ts';
import { defineWidget } from '../define-widget.tsx';
import { errorText, text } from '../text.ts';

type Settings = { redirectUrl?: string };
type Step = { kind: 'contact' } | { kind: 'code'; contact: string };

/**
 * Passwordless sign-in: a code sent to an email address or mobile number the business holds, then
 * the code. The session comes back in the answer's body and is kept in memory (and this page's
 * session storage, by the loader): it works with third-party cookies blocked. `redirectUrl`: a
 * relative address to open once signed in.
 */
function SignIn({ portal, settings }: WidgetProps<Settings>) {
  const t = portal.data?.text;
  const [step, setStep] = useState<Step>({ kind: 'contact' });
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const fail = (code: string) => setError(errorText(t, code));

  const submit = async (event: Event) => {
    event.preventDefault();
    const input = value.trim();
    if (!input || busy) return;
    setBusy(true);
    setError(undefined);
    const { api, param } = portalCall(portal);
    if (step.kind === 'contact') {
      const answer = await answerOf(api.session.code.$post({ param, json: { contact: input } }));
      setBusy(false);
      if (!answer.ok) return fail(answer.code);
      setStep({ kind: 'code', contact: input });
      setValue('');
      return;
    }
    const answer = await answerOf(api.session.$post({ param, json: { contact: step.contact, code: input } }));
    setBusy(false);
    if (!answer.ok) return fail(answer.code);
    const session: Session = { token: answer.data.session.token, customerName: answer.data.session.name };
    portal.setSession(session);
    const target = relativeUrl(settings.redirectUrl);
    if (target) location.assign(target);
  };

  return (
    <form onSubmit={submit} noValidate>
      <h2>{text(t, 'portal.sign-in.title')}</h2>
      {step.kind === 'code' && (
        <p class="muted" role="status">
          {text(t, 'portal.sign-in.code-sent', { contact: step.contact })}
        </p>
      )}
      <label for="rw-sign-in">
        {text(t, step.kind === 'contact' ? 'portal.sign-in.contact' : 'portal.sign-in.code')}
      </label>
      <input
        id="rw-sign-in"
        key={step.kind}
        value={value}
        onInput={(e) => setValue((e.target as HTMLInputElement).value)}
        {...(step.kind === 'contact'
          ? { type: 'text', autoComplete: 'email', inputMode: 'email' }
          : { type: 'text', autoComplete: 'one-time-code', inputMode: 'numeric', maxLength: 6 })}
      />
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="row">
        <button type="submit" disabled={busy}>
          {text(t, step.kind === 'contact' ? 'portal.sign-in.send-code' : 'portal.sign-in.submit')}
        </button>
        {step.kind === 'code' && (
          <button type="button" class="secondary" onClick={() => setStep({ kind: 'contact' })}>
            {text(t, 'portal.sign-in.other-contact')}
          </button>
        )}
      </div>
    </form>
  );
}

/** The redirect only when it stays on the business's own site: a relative address. */
function relativeUrl(redirect: string | undefined) {
  if (!redirect?.startsWith('/') || redirect.startsWith('//')) return undefined;
  return new URL(redirect, location.href).href;
}

export default defineWidget(SignIn);
