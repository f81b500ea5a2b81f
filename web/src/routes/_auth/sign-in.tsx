import { createFileRoute } from '@tanstack/react-router';
import { SignInPage } from '../../features/auth/components/sign-in-page.tsx';
import { optionalString } from '../../lib/search-params.ts';

/** Only paths inside the app: never another origin. */
const appPath = (s: string) => /^\/(?!\/)/.test(s);

export const Route = createFileRoute('/_auth/sign-in')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: optionalString(search.redirect, appPath),
  }),
  component: () => <SignInPage redirect={Route.useSearch().redirect} />,
});
