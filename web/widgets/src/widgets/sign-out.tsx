/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import { answerOf, portalCall } from '../api.ts';
import type { WidgetProps } from '../context.ts';
import { defineWidget } from '../define-widget.tsx';
import { text } from '../text.ts';

/** Ends the session on the server, then forgets it here (and in every frame on the page). */
function SignOut({ portal }: WidgetProps) {
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    // The session ends here whatever the server answers: a customer who asked to leave has left.
    const { api, param, headers } = portalCall(portal);
    await answerOf(api.session.$delete({ param }, { headers }));
    portal.setSession(undefined);
    setBusy(false);
  };
  return (
    <button type="button" class="secondary" disabled={busy} onClick={signOut}>
      {text(portal.data?.text, 'portal.sign-out.button')}
    </button>
  );
}

export default defineWidget(SignOut, '.rw{padding:8px 16px;background:transparent}');
