import './strings.ts';
import type { Me } from '@roundwise/core';
import { CheckCircle2, CircleAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { Screen } from '../../components/screen';
import { ThemePicker } from '../../components/theme-picker';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { errorText } from '../../lib/errors';
import { useUpdateMe } from '../../lib/me';
import { toast } from '../../lib/toast';
import { InvitationsCard } from './invitations-card';
import { RemoteSupportCard } from './remote-support-card';

/**
 * Profile: the user's own name (`PATCH /api/me`), email, the invitations waiting for them, and this
 * device's theme. The route adds what other areas keep about the person (`extra`: their custom fields).
 */
export function ProfileScreen({ me, extra }: { me: Me; extra?: ReactNode }) {
  const { t } = useTranslation();
  const update = useUpdateMe();
  const [name, setName] = useState(me.user.name);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ name }, { onSuccess: () => toast.success(t('profile.saved')) });
  };
  const error = update.error ? errorText(t, update.error) : undefined;
  return (
    <Screen title={t('profile.title')}>
      <div className="flex flex-col gap-4">
        <Card>
          <form onSubmit={submit} className="flex flex-col gap-4">
            <div className="flex flex-col gap-2">
              <Label htmlFor="profile-name">{t('profile.name')}</Label>
              <Input
                id="profile-name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={200}
                autoComplete="name"
                aria-invalid={!!error}
                required
              />
              {error && (
                <p role="alert" className="text-sm text-destructive">
                  {error}
                </p>
              )}
            </div>
            <div className="flex flex-col gap-2">
              <div className="flex items-center justify-between gap-2">
                <Label htmlFor="profile-email">{t('profile.email')}</Label>
                {me.user.emailVerified ? (
                  <Badge variant="success">
                    <CheckCircle2 aria-hidden />
                    {t('profile.email-verified')}
                  </Badge>
                ) : (
                  <Badge variant="destructive">
                    <CircleAlert aria-hidden />
                    {t('profile.email-not-verified')}
                  </Badge>
                )}
              </div>
              <Input id="profile-email" value={me.user.email} disabled readOnly />
              {!me.user.emailVerified && (
                <p className="text-xs text-muted-foreground">{t('profile.email-unverified')}</p>
              )}
            </div>
            <div className="flex justify-end">
              <Button type="submit" disabled={update.isPending || !name.trim()}>
                {t('general.save')}
              </Button>
            </div>
          </form>
        </Card>
        {extra}
        <InvitationsCard />
        <RemoteSupportCard />
        <Card>
          <h2 className="mb-3 font-semibold">{t('theme.title')}</h2>
          <ThemePicker />
        </Card>
      </div>
    </Screen>
  );
}
