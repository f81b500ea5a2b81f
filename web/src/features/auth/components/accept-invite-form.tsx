import '../strings.ts';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { errorText } from '../../../lib/errors.ts';
import { type InvitationOffer, useAcceptInvite } from '../api/accept-invite.ts';
import { AuthField, FormAlert } from './field.tsx';
import { NewPasswordForm } from './new-password-form.tsx';

/**
 * Accepting an invitation from its link: someone new chooses a password (typed twice) and may
 * correct their name; someone with an account gives its password. Then into the business.
 */
export function AcceptInviteForm({ token, offer }: { token: string; offer: InvitationOffer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptInvite();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const failure = accept.error ? errorText(t, accept.error) : undefined;
  const done = () => navigate({ to: '/', replace: true });
  if (offer.hasAccount) {
    const submit = (e: FormEvent) => {
      e.preventDefault();
      accept.mutate({ token, password }, { onSuccess: done });
    };
    return (
      <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
        <p className="text-sm text-muted-foreground">
          {t('auth.invite-existing-account', { email: offer.email })}
        </p>
        <AuthField
          id="password"
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormAlert text={failure} />
        <Button type="submit" disabled={accept.isPending || !password} className="w-full">
          {t('auth.invite-submit')}
        </Button>
      </form>
    );
  }
  return (
    <>
      <p className="text-sm text-muted-foreground">{t('auth.invite-subtitle')}</p>
      <NewPasswordForm
        submitLabel={t('auth.invite-submit')}
        pending={accept.isPending}
        failure={failure}
        onSubmit={(chosen) =>
          accept.mutate(
            { token, password: chosen, ...(name.trim() ? { name: name.trim() } : {}) },
            { onSuccess: done },
          )
        }
      >
        <AuthField
          id="name"
          label={t('auth.your-name')}
          hint={t('auth.invite-name-hint')}
          autoComplete="name"
          maxLength={200}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </NewPasswordForm>
    </>
  );
}
