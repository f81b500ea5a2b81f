import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx';
import { SignInFormView } from '../../features/auth/components/sign-in-form.tsx';
import { optionalString } from '../../lib/search-params.ts';

/** Only paths inside the app: never another origin. */
const appPath = (s: string) => /^\/(?!\/)/.test(s);

export const Route = createFileRoute('/_auth/sign-in')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: optionalString(search.redirect, appPath),
  }),
  component: SignInPage,
});

function SignInPage() {
  const { t } = useTranslation();
  const { redirect } = Route.useSearch();
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
