import type { Me } from '@roundwise/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Card, Field, inputClass } from '../../components/form';
import { Screen } from '../../components/screen';
import { errorText } from '../../lib/error-text';
import { useUpdateMe } from '../../lib/me';
import { toast } from '../../lib/toast';

/** Profile: the user's own name (`PATCH /api/me`) and email. */
export function ProfileScreen({ me }: { me: Me }) {
  const { t } = useTranslation();
  const update = useUpdateMe();
  const [name, setName] = useState(me.user.name);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ name }, { onSuccess: () => toast.success(t('profile.saved')) });
  };
  return (
    <Screen title={t('profile.title')}>
      <Card>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <Field label={t('profile.name')} error={update.error ? errorText(t, update.error) : undefined}>
            <input
              className={inputClass}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={200}
              required
            />
          </Field>
          <Field
            label={t('profile.email')}
            hint={me.user.emailVerified ? t('profile.email-verified') : t('profile.email-unverified')}
          >
            <input className={inputClass} value={me.user.email} disabled readOnly />
          </Field>
          <div className="flex justify-end">
            <button type="submit" className={buttonClass} disabled={update.isPending || !name.trim()}>
              {t('general.save')}
            </button>
          </div>
        </form>
      </Card>
    </Screen>
  );
}
