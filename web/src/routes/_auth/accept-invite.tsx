import { createFileRoute } from '@tanstack/react-router';
import { AcceptInvitePage } from '../../features/auth/components/accept-invite-page.tsx';
import { optionalString } from '../../lib/search-params.ts';

/**
 * `/accept-invite?token=` (the invitation mail's link): the offer, to accept or decline. Someone
 * new chooses a password and may correct the name the inviter typed; someone who already has a
 * Roundwise account gives its password. Either way they land signed in to that business. Nothing
 * changes until they accept (docs/web-auth.md).
 */
export const Route = createFileRoute('/_auth/accept-invite')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: optionalString(search.token),
  }),
  component: () => <AcceptInvitePage token={Route.useSearch().token} />,
});
