import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '../../features/auth/components/verify-email-page.tsx';
import { optionalString } from '../../lib/search-params.ts';

/**
 * `/verify-email`: with `?token=` (the mailed link) it verifies at once; without one it is the
 * "check your inbox" page shown after sign-up and by the startup redirect (spec 000 section 2.1),
 * with a button to mail the link again.
 */
export const Route = createFileRoute('/_auth/verify-email')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: optionalString(search.token),
  }),
  component: () => <VerifyEmailPage token={Route.useSearch().token} />,
});
