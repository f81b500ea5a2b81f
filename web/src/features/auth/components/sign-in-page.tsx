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
import { SignInFormView } from '../components/sign-in-form.tsx';

export function SignInPage({ redirect }: { redirect?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('auth.sign-in-title')}</CardTitle>
        <CardDescription>{t('auth.sign-in-subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>
        <SignInFormView
          onSignedIn={async () => {
            await navigate({ href: redirect ?? '/', replace: true });
            // The screen's content, not the page body (WCAG 2.4.3): the next Tab starts there.
            document.getElementById('main')?.focus();
          }}
        />
      </CardContent>
      <CardFooter className="justify-center gap-1 text-sm text-muted-foreground">
        {t('auth.no-account')}
        <Link to="/sign-up" className="font-medium text-primary hover:underline">
          {t('auth.sign-up')}
        </Link>
      </CardFooter>
    </Card>
  );
}
