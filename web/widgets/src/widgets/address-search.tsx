/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import { answerOf, portalCall } from '../api.ts';
import type { WidgetProps } from '../context.ts';
import { defineWidget } from '../define-widget.tsx';
import { errorText, text } from '../text.ts';

type Result = { postcode: string; served: boolean };

/** "Do we clean on your street?": the postcode against the business's portal rounds. */
function AddressSearch({ portal }: WidgetProps) {
  const t = portal.data?.text;
  const [postcode, setPostcode] = useState('');
  const [result, setResult] = useState<Result>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    const asked = postcode.trim().toUpperCase();
    if (!asked || busy) return;
    setBusy(true);
    setError(undefined);
    const { api, param } = portalCall(portal);
    const answer = await answerOf(api['address-check'].$get({ param, query: { postcode: asked } }));
    setBusy(false);
    if (!answer.ok) {
      setResult(undefined);
      return setError(errorText(t, answer.code));
    }
    setResult({ postcode: asked, served: answer.data.served });
    portal.emit('address-checked', { widget: 'address-search', served: answer.data.served });
  };

  return (
    <form onSubmit={submit}>
      <h2>{text(t, 'portal.address-search.title')}</h2>
      <label for="rw-postcode">{text(t, 'portal.address-search.label')}</label>
      <div class="row">
        <input
          id="rw-postcode"
          value={postcode}
          autoComplete="postal-code"
          onInput={(e) => setPostcode((e.target as HTMLInputElement).value)}
        />
        <button type="submit" disabled={busy}>
          {text(t, 'portal.address-search.button')}
        </button>
      </div>
      <div role="status">
        {result && (
          <p class={result.served ? 'yes' : 'no'}>
            {text(t, result.served ? 'portal.address-search.covered' : 'portal.address-search.not-covered', {
              postcode: result.postcode,
            })}
          </p>
        )}
        {error && <p class="error">{error}</p>}
      </div>
    </form>
  );
}

export default defineWidget(
  AddressSearch,
  '.row{flex-wrap:nowrap}.row input{margin:0;flex:1;min-width:0}[role=status] p{margin:12px 0 0}.yes{color:#047857;font-weight:600}',
);
