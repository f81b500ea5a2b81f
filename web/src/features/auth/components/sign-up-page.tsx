import '../strings.ts';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { SignUpFormView } from '../components/sign-up-form.tsx';

/** `/sign-up`: a new business and its Owner; then the check-your-inbox page (`/verify-email`). */
export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('auth.sign-up-title')}</CardTitle>
        <CardDescription>{t('auth.sign-up-subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>
        <SignUpFormView onSignedUp={() => navigate({ to: '/verify-email', search: {}, replace: true })} />
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
