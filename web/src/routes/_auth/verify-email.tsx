import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useVerifyEmail } from '../../features/auth/api/verify-email.ts';
import { errorMessage } from '../../lib/api.ts';

export const Route = createFileRoute('/_auth/verify-email')({
  validateSearch: z.object({ token: z.string().optional().catch(undefined) }),
  component: VerifyEmailPage,
});

/** Opened from the mailed link: verifies at once. (Resend for a signed-in user: still to come.) */
function VerifyEmailPage() {
  const { t } = useTranslation();
  const { token } = Route.useSearch();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // The link works once: StrictMode's second effect run must not spend it again.
  const sent = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);
  const failure = !token
    ? { key: 'auth.token-invalid', params: {} }
    : verify.error && errorMessage(verify.error);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('auth.verify-email-title')}</CardTitle>
        <CardDescription role={failure ? 'alert' : 'status'}>
          {failure
            ? t(failure.key, failure.params)
            : verify.isSuccess
              ? t('auth.email-verified')
              : t('auth.verifying')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/" className={buttonVariants({ className: 'w-full' })}>
          {t('auth.continue')}
        </Link>
      </CardContent>
    </Card>
  );
}
