import '../strings.ts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CheckCircle2, MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { errorText } from '../../../lib/errors.ts';
import { meQuery } from '../../../lib/me.ts';
import { toast } from '../../../lib/toast';
import { useResendVerification, useVerifyEmail } from '../api/verify-email.ts';

/**
 * `/verify-email`: with `?token=` (the mailed link) it verifies at once; without one it is the
 * "check your inbox" page shown after sign-up and by the startup redirect (spec 000 section 2.1),
 * with a button to mail the link again.
 */
export function VerifyEmailPage({ token }: { token?: string }) {
  return token ? <VerifyToken token={token} /> : <CheckInbox />;
}

function VerifyToken({ token }: { token: string }) {
  const { t } = useTranslation();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // The link works once: StrictMode's second effect run must not spend it again.
  const sent = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);
  const failure = verify.error ? errorText(t, verify.error) : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('auth.verify-email-title')}</CardTitle>
        <CardDescription role={failure ? 'alert' : 'status'} className={failure ? 'text-destructive' : ''}>
          {failure ?? (verify.isSuccess ? t('auth.email-verified') : t('auth.verifying'))}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {verify.isSuccess && <CheckCircle2 className="mx-auto mb-2 size-10 text-primary" aria-hidden />}
        <Link to="/" className={buttonVariants({ className: 'w-full' })}>
          {t('auth.continue')}
        </Link>
        {failure && <ResendButton />}
      </CardContent>
    </Card>
  );
}

function CheckInbox() {
  const { t } = useTranslation();
  const me = useQuery(meQuery);
  const user = me.data?.user;
  if (me.isPending) return null;
  if (user?.emailVerified) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>{t('auth.verify-email-title')}</CardTitle>
          <CardDescription role="status">{t('auth.email-verified')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Link to="/" className={buttonVariants({ className: 'w-full' })}>
            {t('auth.continue')}
          </Link>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <MailCheck className="mb-2 size-10 text-primary" aria-hidden />
        <CardTitle>{t('auth.check-inbox-title')}</CardTitle>
        <CardDescription>
          {user ? t('auth.check-inbox-text', { email: user.email }) : t('auth.check-inbox-signed-out')}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {user ? (
          <>
            <ResendButton />
            <Link to="/" className={buttonVariants({ variant: 'ghost', className: 'w-full' })}>
              {t('auth.continue-unverified')}
            </Link>
          </>
        ) : (
          <Link
            to="/sign-in"
            search={{ redirect: '/verify-email' }}
            className={buttonVariants({ className: 'w-full' })}
          >
            {t('auth.sign-in')}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

/** Mails a new link (needs the session). Sent once per visit, so a double tap sends one mail. */
function ResendButton() {
  const { t } = useTranslation();
  const resend = useResendVerification();
  return (
    <Button
      variant="outline"
      className="w-full"
      disabled={resend.isPending || resend.isSuccess}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: () => toast.success(t('auth.verification-resent')),
          onError: (e) => toast.error(errorText(t, e)),
        })
      }
    >
      {resend.isSuccess ? t('auth.verification-resent') : t('auth.resend-verification')}
    </Button>
  );
}
