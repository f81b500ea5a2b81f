import { createFileRoute } from '@tanstack/react-router';
import { CannedResponsesScreen } from '../../features/canned-responses/canned-responses-screen';
import { useMe } from '../../lib/me';

/** `canned-responses` (spec 001 section 2.9; Owner, Admin, Creator). */
export const Route = createFileRoute('/_app/canned-responses')({
  staticData: { routeName: 'canned-responses' },
  component: () => <CannedResponsesScreen responses={useMe().account.settings.cannedResponses ?? []} />,
});
