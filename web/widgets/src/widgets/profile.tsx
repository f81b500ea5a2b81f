/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import type { WidgetProps } from '../context.ts';
import { defineWidget } from '../define-widget.tsx';
import { MeGate, useMe } from '../me.tsx';
import { ProfileForm } from '../profile-form.tsx';
import { text } from '../text.ts';

/** The customer's details as the business holds them, with an edit button when the business shows it. */
function Profile({ portal }: WidgetProps) {
  const { state, reload } = useMe(portal, ({ api, param, headers }) =>
    api.me.profile.$get({ param }, { headers }),
  );
  const [editing, setEditing] = useState(false);
  const t = portal.data?.text;
  return (
    <MeGate portal={portal} state={state} title={text(t, 'portal.profile.title')}>
      {(p) =>
        editing ? (
          <ProfileForm
            portal={portal}
            profile={p}
            onDone={() => {
              setEditing(false);
              void reload();
            }}
          />
        ) : (
          <div>
            <p>
              <strong>{p.name}</strong>
            </p>
            {p.address && <p>{p.address}</p>}
            {p.email && <p class="muted">{p.email}</p>}
            {(p.mobileNumber || p.telephoneNumber) && (
              <p class="muted">{p.mobileNumber || p.telephoneNumber}</p>
            )}
            {p.showEditProfileButton && (
              <button type="button" class="secondary" onClick={() => setEditing(true)}>
                {text(t, 'portal.profile.edit')}
              </button>
            )}
          </div>
        )
      }
    </MeGate>
  );
}

export default defineWidget(Profile);
