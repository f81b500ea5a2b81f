/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import type { WidgetProps } from '../context.ts';
import { defineWidget } from '../define-widget.tsx';
import { useMe } from '../me.tsx';
import { ProfileForm } from '../profile-form.tsx';
import { text } from '../text.ts';

/** One button that opens the customer's details to edit (the frame grows to the form). */
function EditProfileButton({ portal }: WidgetProps) {
  const { state, reload } = useMe(portal, ({ api, param, headers }) =>
    api.me.profile.$get({ param }, { headers }),
  );
  const [open, setOpen] = useState(false);
  if (state.kind !== 'ready') return null;
  if (open)
    return (
      <ProfileForm
        portal={portal}
        profile={state.data}
        onDone={() => {
          setOpen(false);
          void reload();
        }}
      />
    );
  return (
    <button type="button" class="secondary" onClick={() => setOpen(true)}>
      {text(portal.data?.text, 'portal.profile.edit')}
    </button>
  );
}

export default defineWidget(EditProfileButton, '.rw{padding:8px}');
