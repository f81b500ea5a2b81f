import '../strings.ts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { ForgotPasswordFormView } from '../components/forgot-password-form.tsx';

/** `/forgot-password`: mails a link to `/reset-password?token=` (valid once, for 1 hour). */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('auth.forgot-title')}</CardTitle>
        <CardDescription>{t('auth.forgot-subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ForgotPasswordFormView />
      </CardContent>
      <CardFooter className="justify-center text-sm">
        <Link to="/sign-in" search={{}} className="font-medium text-primary hover:underline">
          {t('auth.back-to-sign-in')}
        </Link>
      </CardFooter>
    </Card>
  );
}
