import '../strings.ts';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { errorText } from '../../../lib/errors.ts';
import { toast } from '../../../lib/toast';
import { useConfirmPasswordReset } from '../api/password-reset.ts';
import { NewPasswordForm } from './new-password-form.tsx';

/**
 * `/reset-password?token=` (the mailed link). The API ends every older session and does not sign
 * in, so a success goes to sign-in with the email field ready for the new password.
 */
export function ResetPasswordPage({ token }: { token?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('auth.reset-title')}</CardTitle>
        <CardDescription>{t('auth.reset-subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>
        {token ? (
          <NewPasswordForm
            submitLabel={t('auth.reset-submit')}
            pending={confirm.isPending}
            failure={confirm.error ? errorText(t, confirm.error) : undefined}
            onSubmit={(password) =>
              confirm.mutate(
                { token, password },
                {
                  onSuccess: () => {
                    toast.success(t('auth.password-changed'));
                    void navigate({ to: '/sign-in', search: {}, replace: true });
                  },
                },
              )
            }
          />
        ) : (
          <div className="flex flex-col gap-4">
            <p role="alert" className="text-sm text-destructive">
              {t('auth.token-invalid')}
            </p>
            <Link to="/forgot-password" className={buttonVariants({ className: 'w-full' })}>
              {t('auth.send-new-link')}
            </Link>
          </div>
        )}
      </CardContent>
      <CardFooter className="justify-center text-sm">
        <Link to="/sign-in" search={{}} className="font-medium text-primary hover:underline">
          {t('auth.back-to-sign-in')}
        </Link>
      </CardFooter>
    </Card>
  );
}
