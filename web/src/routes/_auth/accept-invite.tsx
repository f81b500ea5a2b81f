import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx';
import { useAcceptInvite } from '../../features/auth/api/accept-invite.ts';
import { AuthField } from '../../features/auth/components/field.tsx';
import { NewPasswordForm } from '../../features/auth/components/new-password-form.tsx';
import { errorText } from '../../lib/errors.ts';

/**
 * `/accept-invite?token=` (the invitation mail's link for someone new to Roundwise): choose a
 * password, optionally correct the name the inviter typed, and land signed in to that business.
 * Someone who already has a password gets a plain sign-in link in the mail instead.
 */
export const Route = createFileRoute('/_auth/accept-invite')({
  validateSearch: z.object({ token: z.string().optional().catch(undefined) }),
  component: AcceptInvitePage,
});

function AcceptInvitePage() {
  const { t } = useTranslation();
  const { token } = Route.useSearch();
  const navigate = useNavigate();
  const accept = useAcceptInvite();
  const [name, setName] = useState('');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('auth.invite-title')}</CardTitle>
        <CardDescription>{t('auth.invite-subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>
        {token ? (
          <NewPasswordForm
            submitLabel={t('auth.invite-submit')}
            pending={accept.isPending}
            failure={accept.error ? errorText(t, accept.error) : undefined}
            onSubmit={(password) =>
              accept.mutate(
                { token, password, ...(name.trim() ? { name: name.trim() } : {}) },
                { onSuccess: () => navigate({ to: '/', replace: true }) },
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
        ) : (
          <p role="alert" className="text-sm text-destructive">
            {t('auth.token-invalid')}
          </p>
        )}
      </CardContent>
      <CardFooter className="justify-center gap-1 text-sm text-muted-foreground">
        {t('auth.have-account')}
        <Link to="/sign-in" search={{}} className="font-medium text-primary hover:underline">
          {t('auth.sign-in')}
        </Link>
      </CardFooter>
    </Card>
  );
}
