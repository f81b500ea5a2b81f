import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page.tsx';
import { optionalString } from '../../lib/search-params.ts';

/**
 * `/reset-password?token=` (the mailed link). The API ends every older session and does not sign
 * in, so a success goes to sign-in with the email field ready for the new password.
 */
export const Route = createFileRoute('/_auth/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: optionalString(search.token),
  }),
  component: () => <ResetPasswordPage token={Route.useSearch().token} />,
});
